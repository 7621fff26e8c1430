import { Link } from "react-router";
import { type EsimSummary, esimPath } from "../../../core/esim.ts";
import { LocalTime } from "../../components/ui/LocalTime.tsx";
import { useI18n } from "../../lib/i18n.tsx";
import { DataBar, DaysLeft } from "./DataBar.tsx";
import { CancelledNotice, EsimStateBadge, PackageStateBadge } from "./StateBadge.tsx";

/** When usage was last reported; the lag note sits once at the top of the list and on the detail. */
export function UsageUpdated({ at }: { at: string | null }) {
  const { t } = useI18n();
  if (!at) return <>{t("esimUi.usage.never")}</>;
  const [before, after = ""] = t("esimUi.usage.updated", { time: "\u0000" }).split("\u0000");
  return (
    <>
      {before}
      <LocalTime iso={at} />
      {after}
    </>
  );
}

/**
 * One eSIM in the my-eSIM list (ADR 0135): name, state, plans, data bar, days left, last usage report. A cancelled
 * one (ADR 0151) says why and links to its details without offering to install it.
 */
export function EsimCard({ esim }: { esim: EsimSummary }) {
  const { t, href } = useI18n();
  const headingId = `esim-${esim.id}`;
  const cancelled = esim.state === "CANCELLED";
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <Link to={href(esimPath(esim.id))} className="hover:underline">
              {esim.label}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs text-slate-700">
            {t("esimUi.iccid")} <span className="font-mono">{esim.iccid}</span>
          </p>
        </div>
        <EsimStateBadge state={esim.state} />
      </div>
      {esim.packages.length > 0 && (
        <div className="mt-3">
          <h3 className="sr-only">{t("esimUi.plans")}</h3>
          <ul className="flex flex-wrap gap-2 text-sm">
            {esim.packages.map((pkg) => (
              <li
                key={pkg.id}
                className="flex items-center gap-2 rounded-lg bg-slate-50 px-2.5 py-1 text-slate-800"
              >
                <span>{pkg.planName}</span>
                {pkg.topUp && <span className="text-xs text-slate-700">({t("esimUi.topUpTag")})</span>}
                <PackageStateBadge state={pkg.state} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {cancelled && <CancelledNotice className="mt-3" />}
      {!cancelled && (
        <div className="mt-4">
          <DataBar dataUsedMb={esim.dataUsedMb} dataTotalMb={esim.dataTotalMb} dataLeftMb={esim.dataLeftMb} />
        </div>
      )}
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        {esim.state !== "EXPIRED" && !cancelled && (
          <div>
            <dt className="sr-only">{t("esimUi.days.label")}</dt>
            <dd>
              <DaysLeft daysLeft={esim.daysLeft} />
            </dd>
          </div>
        )}
        <div>
          <dt className="sr-only">{t("esimUi.usage.label")}</dt>
          <dd>
            <UsageUpdated at={esim.usageUpdatedAt} />
          </dd>
        </div>
      </dl>
      <Link
        to={href(esimPath(esim.id))}
        className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline"
        aria-describedby={headingId}
      >
        {cancelled ? t("esimUi.list.detailsOnly") : t("esimUi.list.details")}
      </Link>
    </article>
  );
}
