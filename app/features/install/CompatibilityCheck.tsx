import { useEffect, useId, useMemo, useState } from "react";
import { type DeviceCaveat, type DeviceModel, searchDevices } from "../../../core/devices.ts";
import type { MessageKey } from "../../../core/i18n/index.ts";
import { deviceModelFromApp } from "../../lib/bridge/in-app-actions.ts";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n } from "../../lib/i18n.tsx";

const CAVEAT: Record<DeviceCaveat, MessageKey> = {
  chinaIphone: "install.caveat.chinaIphone",
  galaxyUsKorea: "install.caveat.galaxyUsKorea",
  pixel3Region: "install.caveat.pixel3Region",
};

const VARIANT: Record<NonNullable<DeviceModel["variant"]>, MessageKey> = {
  chinaMainland: "install.variant.chinaMainland",
  hongKongMacau: "install.variant.hongKongMacau",
};

/** The dial code that shows the EID on a phone with eSIM. */
const EID_CODE = "*#06#";

function DeviceResult({ device }: { device: DeviceModel }) {
  const { t } = useI18n();
  const name = device.variant ? t(VARIANT[device.variant]) : device.name;
  return (
    <li className="rounded-xl border border-slate-200 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{name}</span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            device.esim ? "bg-emerald-50 text-emerald-800" : "bg-red-50 text-red-800"
          }`}
        >
          {device.esim ? t("install.compat.supported") : t("install.compat.unsupported")}
        </span>
      </div>
      {device.variant && <p className="mt-1 text-sm text-slate-700">{t("install.china.text")}</p>}
      {device.caveats.map((caveat) => (
        <p key={caveat} className="mt-1 text-sm text-slate-700">
          {t(CAVEAT[caveat])}
        </p>
      ))}
    </li>
  );
}

/**
 * Issue 6 compatibility check (linked as /install#compatibility from the product page and checkout): a model
 * search over the static list of core/devices.ts, the EID self-check, the carrier-lock warning and the
 * mainland-China iPhone note. The result count is announced through a polite live region.
 */
export function CompatibilityCheck() {
  const { t } = useI18n();
  const id = useId();
  const [query, setQuery] = useState("");
  const [fromApp, setFromApp] = useState<string | null>(null);
  // Inside the app (spec 1 bridge getDeviceInfo): the phone's own model is the first search, unless the
  // shopper has typed already.
  useEffect(() => {
    let live = true;
    void deviceModelFromApp(getAppBridge()).then((model) => {
      if (!live || !model) return;
      setFromApp(model);
      setQuery((typed) => typed || model);
    });
    return () => {
      live = false;
    };
  }, []);
  const results = useMemo(() => searchDevices(query), [query]);
  const typed = query.trim() !== "";
  const status = !typed
    ? t("install.compat.prompt")
    : results.length > 0
      ? t("install.compat.count", { count: results.length })
      : t("install.compat.none", { query: query.trim() });

  return (
    <section id="compatibility" aria-labelledby={`${id}-title`} className="scroll-mt-20">
      <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900 md:text-2xl">
        {t("install.compat.title")}
      </h2>
      <p className="mt-2 text-slate-700">{t("install.compat.intro")}</p>
      <div className="mt-5 grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div>
          <label htmlFor={`${id}-search`} className="block text-sm font-semibold text-slate-900">
            {t("install.compat.searchLabel")}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t("install.compat.searchPlaceholder")}
            autoComplete="off"
            aria-describedby={`${id}-status`}
            className="mt-2 w-full rounded-xl border border-slate-400 px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-600"
          />
          {fromApp && query === fromApp && (
            <p className="mt-2 text-sm text-slate-700">{t("inApp.deviceFilled", { model: fromApp })}</p>
          )}
          <p id={`${id}-status`} role="status" className="mt-2 text-sm text-slate-700">
            {status}
          </p>
          {results.length > 0 && (
            <ul aria-label={t("install.compat.resultsLabel")} className="mt-3 space-y-2">
              {results.map((device) => (
                <DeviceResult key={device.name} device={device} />
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-4">
          <section aria-labelledby={`${id}-eid`} className="rounded-2xl border border-slate-200 bg-white p-4">
            <h3 id={`${id}-eid`} className="font-semibold text-slate-900">
              {t("install.eid.title")}
            </h3>
            <p className="mt-1 text-sm text-slate-700">{t("install.eid.text", { code: EID_CODE })}</p>
            <p className="mt-1 text-sm text-slate-700">{t("install.eid.where")}</p>
          </section>
          <section aria-labelledby={`${id}-lock`} className="rounded-2xl bg-amber-50 p-4">
            <h3 id={`${id}-lock`} className="font-semibold text-amber-900">
              {t("install.lock.title")}
            </h3>
            <p className="mt-1 text-sm text-amber-900">{t("install.lock.text")}</p>
            <p className="mt-1 text-sm text-amber-900">{t("install.lock.check")}</p>
          </section>
          <section aria-labelledby={`${id}-china`} className="rounded-2xl bg-red-50 p-4">
            <h3 id={`${id}-china`} className="font-semibold text-red-900">
              {t("install.china.title")}
            </h3>
            <p className="mt-1 text-sm text-red-900">{t("install.china.text")}</p>
          </section>
        </div>
      </div>
    </section>
  );
}
