import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { appleInstallUrl, type EsimDetail } from "../../../core/esim.ts";
import { useApi } from "../../lib/api.ts";
import { getAppBridge } from "../../lib/bridge/index.ts";
import { useI18n } from "../../lib/i18n.tsx";
import type { InstallPlatform } from "./format.ts";

type BridgeState = "browser" | "checking" | "supported" | "unsupported";
type Outcome = "installed" | "cancelled" | "failed" | "unsupported" | "marked" | "markFailed" | null;

const PRIMARY =
  "inline-flex items-center justify-center rounded-full bg-brand-600 px-6 py-3 text-base font-semibold text-white hover:bg-brand-700 disabled:opacity-60";
const SECONDARY =
  "inline-flex items-center justify-center rounded-full border border-slate-300 px-5 py-2.5 text-sm font-semibold text-slate-900 hover:bg-slate-100";

/**
 * One-tap install (ADR 0136, 0137). In a browser: Apple's esimsetup link (iOS 17.4+) and the Android best
 * effort, the shopper's own platform first; on a computer both, quietly, since the QR code is the way there.
 * Inside the native app: the bridge's checkEsimSupport, then installEsim; a phone without eSIM is told so. The QR
 * code and the manual codes stay on the page as the fallback in every case. An iPhone older than iOS 17.4 is told
 * to update or enter the codes by hand, and a READY eSIM offers "I've installed it" (ADRs 0168, 0169).
 */
export function InstallPanel({
  esim,
  platform,
  appleOneTap = true,
}: {
  esim: EsimDetail;
  platform: InstallPlatform;
  /** False on an iPhone older than iOS 17.4, where Apple's link does nothing. */
  appleOneTap?: boolean;
}) {
  const { t } = useI18n();
  const api = useApi();
  const revalidator = useRevalidator();
  const [bridge, setBridge] = useState<BridgeState>("browser");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    const app = getAppBridge();
    if (!app.available) return;
    let live = true;
    setBridge("checking");
    app.checkEsimSupport().then(
      ({ supported }) => live && setBridge(supported ? "supported" : "unsupported"),
      // An older app without the method (or no answer): the browser's own ways still work.
      () => live && setBridge("browser"),
    );
    return () => {
      live = false;
    };
  }, []);

  async function installInApp() {
    setBusy(true);
    setOutcome(null);
    try {
      const { status } = await getAppBridge().installEsim({ activationCode: esim.lpa, iccid: esim.iccid });
      setOutcome(status);
      if (status === "installed") {
        await api.post(`/o2esim/v1/customer/esims/${encodeURIComponent(esim.id)}/installed`, {});
        await revalidator.revalidate();
      }
    } catch {
      setOutcome("failed");
    } finally {
      setBusy(false);
    }
  }

  /** The shopper says the eSIM is on the phone (READY → INSTALLED; the supplier may say so first). */
  async function markInstalled() {
    setBusy(true);
    setOutcome(null);
    try {
      await api.post(`/o2esim/v1/customer/esims/${encodeURIComponent(esim.id)}/installed`, {});
      setOutcome("marked");
      await revalidator.revalidate();
    } catch {
      setOutcome("markFailed");
    } finally {
      setBusy(false);
    }
  }

  const ios = appleOneTap ? (
    <li key="ios">
      <a
        href={appleInstallUrl(esim.lpa)}
        className={platform === "other" ? SECONDARY : PRIMARY}
        data-install="ios"
      >
        {t("esimUi.install.oneTapIos")}
      </a>
      <p className="mt-1 text-xs text-slate-700">{t("esimUi.install.oneTapIosHint")}</p>
    </li>
  ) : (
    <li key="ios">
      <p className="text-sm font-medium text-slate-900">{t("esimUi.install.oldIos")}</p>
      <a href="#esim-manual-heading" className={`mt-3 ${SECONDARY}`}>
        {t("esimUi.install.oldIosManual")}
      </a>
    </li>
  );
  const android = (
    <li key="android">
      <a
        href={esim.installUrls.android}
        className={platform === "other" ? SECONDARY : PRIMARY}
        data-install="android"
      >
        {t("esimUi.install.oneTapAndroid")}
      </a>
      <p className="mt-1 text-xs text-slate-700">{t("esimUi.install.oneTapAndroidHint")}</p>
    </li>
  );
  const links = platform === "ios" ? [ios] : platform === "android" ? [android] : [ios, android];

  const messages: Record<Exclude<Outcome, null>, string> = {
    installed: t("esimUi.install.appInstalled"),
    cancelled: t("esimUi.install.appCancelled"),
    failed: t("esimUi.install.appFailed"),
    unsupported: t("esimUi.install.appUnsupported"),
    marked: t("esimUi.install.marked"),
    markFailed: t("esimUi.install.markFailed"),
  };
  const canMark = esim.state === "READY" && (bridge === "browser" || bridge === "unsupported");

  return (
    <section
      aria-labelledby="esim-install-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="esim-install-heading" className="text-lg font-semibold text-slate-900">
        {t("esimUi.install.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("esimUi.install.intro")}</p>
      {bridge === "supported" || bridge === "checking" ? (
        <button
          type="button"
          className={`mt-4 ${PRIMARY}`}
          disabled={busy || bridge === "checking"}
          onClick={() => void installInApp()}
        >
          {busy ? t("esimUi.install.installing") : t("esimUi.install.app")}
        </button>
      ) : bridge === "unsupported" ? (
        <p className="mt-4 text-sm font-medium text-slate-900">{t("esimUi.install.appUnsupported")}</p>
      ) : (
        <>
          <ul className="mt-4 flex flex-col gap-4 sm:flex-row sm:flex-wrap">{links}</ul>
          {platform === "other" && (
            <p className="mt-4 text-sm text-slate-700">{t("esimUi.install.otherDevice")}</p>
          )}
        </>
      )}
      {canMark && (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <button type="button" className={SECONDARY} disabled={busy} onClick={() => void markInstalled()}>
            {t("esimUi.install.markInstalled")}
          </button>
          <p className="mt-1 text-xs text-slate-700">{t("esimUi.install.markInstalledHint")}</p>
        </div>
      )}
      <p role="status" className="mt-3 text-sm font-medium text-slate-900 empty:hidden">
        {outcome ? messages[outcome] : ""}
      </p>
    </section>
  );
}
