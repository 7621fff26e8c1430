import { useId } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { dataFigures, usedPercent } from "./format.ts";

interface DataBarProps {
  dataUsedMb: number;
  dataTotalMb: number | null;
  dataLeftMb?: number | null;
}

/**
 * Data used and left (ADR 0135). A bar with progressbar semantics (value = MB used of the MB in the plan, read
 * out as "1.2 GB of 3 GB used"); an unlimited plan has no bar and says so.
 */
export function DataBar({ dataUsedMb, dataTotalMb, dataLeftMb = null }: DataBarProps) {
  const { t } = useI18n();
  const labelId = useId();
  const figures = dataFigures({ dataUsedMb, dataTotalMb, dataLeftMb });
  const percent = usedPercent(dataUsedMb, dataTotalMb);
  if (figures.total === null || percent === null) {
    return (
      <div className="text-sm">
        <p className="font-semibold text-slate-900">{t("esimUi.data.unlimited")}</p>
        <p className="text-slate-700">{t("esimUi.data.usedOnly", { used: figures.used })}</p>
      </div>
    );
  }
  const usedText = t("esimUi.data.usedOf", { used: figures.used, total: figures.total });
  const tone = percent >= 80 ? "bg-rose-600" : "bg-brand-600";
  return (
    <div className="text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span id={labelId} className="sr-only">
          {t("esimUi.data.label")}
        </span>
        <span className="text-slate-800">{usedText}</span>
        <span className="font-semibold text-slate-900">
          {t("esimUi.data.left", { left: figures.left ?? "" })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, Math.round(dataTotalMb ?? 0))}
        aria-valuenow={Math.min(Math.round(dataUsedMb), Math.round(dataTotalMb ?? 0))}
        aria-valuetext={usedText}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Days left on the package in use: "3 days left", "Last day", or that the clock has not started yet. */
export function DaysLeft({ daysLeft }: { daysLeft: number | null }) {
  const { t } = useI18n();
  if (daysLeft === null) return <>{t("esimUi.days.notStarted")}</>;
  if (daysLeft <= 0) return <>{t("esimUi.days.lastDay")}</>;
  return <>{t("esimUi.days.left", { count: daysLeft })}</>;
}
