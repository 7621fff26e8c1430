import { Link } from "react-router";
import type { EsimDetail } from "../../core/esim.ts";
import { appContext } from "../context.ts";
import { requirePageCustomer } from "../features/account/session.server.ts";
import { CopyField } from "../features/esim/CopyField.tsx";
import { DataBar, DaysLeft } from "../features/esim/DataBar.tsx";
import { UsageUpdated } from "../features/esim/EsimCard.tsx";
import { loadEsim } from "../features/esim/esim.server.ts";
import { installPlatform, isPhone, supportsAppleOneTap } from "../features/esim/format.ts";
import { InstallPanel } from "../features/esim/InstallPanel.tsx";
import { QrCode } from "../features/esim/QrCode.tsx";
import { qrSymbol } from "../features/esim/qr.server.ts";
import { CancelledNotice, EsimStateBadge, PackageStateBadge } from "../features/esim/StateBadge.tsx";
import { HelpLinks } from "../features/help/HelpLinks.tsx";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.esim.detail";

export const handle = { messages: ["esim"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "esimUi.detail.title", { noindex: true });
}

// spec 2 /ucenter/eSIM/{id}: the id is the eSIM's own id. Another customer's eSIM is the 404 page (ADR 0136).
export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const esim = await loadEsim(app.services, customer.id, params.id, app.request.locale);
  const userAgent = request.headers.get("user-agent");
  return {
    esim,
    // Drawn on the server: the QR code is in the HTML before any script runs (ADR 0136). A cancelled eSIM has
    // nothing to install (ADR 0151).
    qr: esim.state === "CANCELLED" ? null : qrSymbol(esim.lpa),
    platform: installPlatform(userAgent),
    phone: isPhone(userAgent),
    appleOneTap: supportsAppleOneTap(userAgent),
  };
}

/** The eSIM takes a top-up when it has a plan (the picker offers the packages that fit it, issue 12). */
function topUpPlan(esim: EsimDetail): string | null {
  return (esim.packages.find((pkg) => !pkg.topUp) ?? esim.packages.at(-1))?.platformProductCode ?? null;
}

const SECTION = "rounded-2xl border border-slate-200 bg-white p-5";

export default function EsimDetailPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { esim, qr, platform, phone, appleOneTap } = loaderData;
  const cancelled = esim.state === "CANCELLED";
  const plan = cancelled ? null : topUpPlan(esim);
  // The order that bought the eSIM: its page says what may be done now by the refund policy (issue 29).
  const firstOrder = (esim.packages.find((pkg) => !pkg.topUp) ?? esim.packages[0])?.orderCode ?? null;

  const qrSection = (
    <section key="qr" aria-labelledby="esim-qr-heading" className={SECTION}>
      <h2 id="esim-qr-heading" className="text-lg font-semibold text-slate-900">
        {t("esimUi.qr.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("esimUi.qr.hint")}</p>
      <div className="mt-4 flex justify-center">
        {qr && <QrCode symbol={qr} label={t("esimUi.qr.alt", { iccid: esim.iccid })} />}
      </div>
    </section>
  );
  // A phone cannot scan its own screen: there the one-tap install comes first (issue 6).
  const install = (
    <div key="install" className={phone ? "" : "max-md:order-first"}>
      <InstallPanel esim={esim} platform={platform} appleOneTap={appleOneTap} />
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <Link to={href("/ucenter/eSIM")} className="text-sm font-medium text-brand-700 hover:underline">
        {t("esimUi.detail.back")}
      </Link>
      <header className="mt-3 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{esim.label}</h1>
          <p className="mt-1 text-sm text-slate-700">
            {t("esimUi.iccid")} <span className="font-mono">{esim.iccid}</span>
          </p>
        </div>
        <EsimStateBadge state={esim.state} />
      </header>
      {cancelled && <CancelledNotice className="mt-4" />}

      <section aria-labelledby="esim-usage-heading" className={`mt-6 ${SECTION}`}>
        <h2 id="esim-usage-heading" className="sr-only">
          {t("esimUi.data.label")}
        </h2>
        {!cancelled && (
          <DataBar dataUsedMb={esim.dataUsedMb} dataTotalMb={esim.dataTotalMb} dataLeftMb={esim.dataLeftMb} />
        )}
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          {esim.state !== "EXPIRED" && !cancelled && (
            <li>
              <DaysLeft daysLeft={esim.daysLeft} />
            </li>
          )}
          <li>
            <UsageUpdated at={esim.usageUpdatedAt} />
          </li>
        </ul>
        <p className="mt-2 text-xs text-slate-700">{t("esimUi.list.lagNote")}</p>
        {esim.packages.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">{t("esimUi.plans")}</h3>
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {esim.packages.map((pkg) => (
                <li key={pkg.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-slate-800">
                    {pkg.planName}
                    {pkg.topUp && (
                      <span className="ml-1 text-xs text-slate-700">({t("esimUi.topUpTag")})</span>
                    )}
                  </span>
                  <PackageStateBadge state={pkg.state} />
                </li>
              ))}
            </ul>
          </>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          {plan && (
            <Link
              to={href(`/ucenter/eSIM/${esim.id}/top-up`)}
              className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t("esimUi.topUp")}
            </Link>
          )}
          {firstOrder && (
            <Link
              to={`${href(`/ucenter/order/${firstOrder}`)}#order-refund`}
              className="rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
              data-esim-refund-link
            >
              {cancelled ? t("esimUi.refundSeen") : t("esimUi.refundLink")}
            </Link>
          )}
          <Link
            to={href("/install/install-guide")}
            className="rounded-full border border-slate-300 px-5 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
          >
            {t("esimUi.guide")}
          </Link>
        </div>
      </section>

      {!cancelled && (
        <div className="mt-6 flex flex-col gap-6">{phone ? [install, qrSection] : [qrSection, install]}</div>
      )}

      {!cancelled && (
        <section aria-labelledby="esim-manual-heading" className={`mt-6 ${SECTION}`}>
          <h2 id="esim-manual-heading" className="text-lg font-semibold text-slate-900">
            {t("esimUi.manual.heading")}
          </h2>
          <dl className="mt-2 divide-y divide-slate-200">
            <CopyField label={t("esimUi.manual.smdp")} value={esim.smdpAddress} />
            <CopyField label={t("esimUi.manual.activationCode")} value={esim.matchingId} />
            {esim.confirmationCode && (
              <CopyField label={t("esimUi.manual.confirmationCode")} value={esim.confirmationCode} />
            )}
            <CopyField label={t("esimUi.manual.lpa")} value={esim.lpa} />
          </dl>
        </section>
      )}

      <section aria-labelledby="esim-info-heading" className={`mt-6 ${SECTION}`}>
        <h2 id="esim-info-heading" className="text-lg font-semibold text-slate-900">
          {t("esimUi.info.heading")}
        </h2>
        <dl className="mt-2 divide-y divide-slate-200">
          <CopyField label={t("esimUi.iccid")} value={esim.iccid} />
          <CopyField label={t("esimUi.info.apn")} value={esim.apn.name} />
          {esim.apn.username && <CopyField label={t("esimUi.info.apnUser")} value={esim.apn.username} />}
          {esim.apn.password && <CopyField label={t("esimUi.info.apnPassword")} value={esim.apn.password} />}
        </dl>
        <p className="mt-2 text-xs text-slate-700">{t("esimUi.info.apnNote")}</p>
      </section>
      <HelpLinks page="esim" className="mt-6" />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
