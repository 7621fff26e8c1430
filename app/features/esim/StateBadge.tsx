import type { EsimState, PackageState } from "../../../core/esim.ts";
import { useI18n } from "../../lib/i18n.tsx";

// Colours pass AA contrast on their tint (axe checks every page a browser test visits).
const ESIM_TONE: Record<EsimState, string> = {
  READY: "bg-amber-100 text-amber-900",
  INSTALLED: "bg-brand-100 text-brand-900",
  ACTIVE: "bg-emerald-100 text-emerald-900",
  EXPIRED: "bg-slate-200 text-slate-800",
  CANCELLED: "bg-rose-100 text-rose-900",
};

const PACKAGE_TONE: Record<PackageState, string> = {
  NOT_STARTED: "bg-amber-100 text-amber-900",
  ACTIVE: "bg-emerald-100 text-emerald-900",
  USED_UP: "bg-rose-100 text-rose-900",
  EXPIRED: "bg-slate-200 text-slate-800",
  CANCELLED: "bg-slate-200 text-slate-800",
};

const BADGE = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** The eSIM's lifecycle state (ADR 0135): ready to install, installed, active, expired; cancelled (ADR 0151). */
export function EsimStateBadge({ state }: { state: EsimState }) {
  const { t } = useI18n();
  return (
    <span className={`${BADGE} ${ESIM_TONE[state]}`} data-state={state}>
      {t(`esimUi.state.${state}`)}
    </span>
  );
}

/** A package's state (ADR 0138): not started, active, used up, expired; cancelled (ADR 0151). */
export function PackageStateBadge({ state }: { state: PackageState }) {
  const { t } = useI18n();
  return (
    <span className={`${BADGE} ${PACKAGE_TONE[state]}`} data-state={state}>
      {t(`esimUi.package.${state}`)}
    </span>
  );
}

/** Why a cancelled eSIM offers nothing to install (ADR 0151): its order failed and was refunded. */
export function CancelledNotice({ className = "" }: { className?: string }) {
  const { t } = useI18n();
  return (
    <p
      className={`rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-900 ${className}`}
      data-cancelled-notice=""
    >
      {t("esimUi.cancelled.notice")}
    </p>
  );
}
