import { Link } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { useCancelOrder } from "./cancel-order.ts";

/** "/pay?orderCode=…": paying (or retrying) an unpaid order. */
export function usePayHref(code: string): string {
  const { href } = useI18n();
  return `${href("/pay")}?orderCode=${encodeURIComponent(code)}`;
}

/** Pay now and Cancel order (which asks first), for an order awaiting payment: on its page and its list row. */
export function UnpaidOrderActions({ code, className = "" }: { code: string; className?: string }) {
  const { t } = useI18n();
  const { cancel, busy } = useCancelOrder();
  return (
    <div className={`flex-wrap gap-2 ${className}`}>
      <Link
        to={usePayHref(code)}
        className="inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-600"
      >
        {t("ordersUi.action.pay")}
      </Link>
      <button
        type="button"
        disabled={busy === code}
        onClick={() => void cancel(code)}
        className="inline-flex min-h-11 items-center rounded-full border border-slate-500 bg-white px-5 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
      >
        {t("ordersUi.action.cancel")}
      </button>
    </div>
  );
}
