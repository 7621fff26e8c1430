import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";

/** A paid order for new eSIMs that the supplier is still preparing (PAID or FULFILLING). */
export interface PreparingOrder {
  code: string;
  planTitle: string;
  quantity: number;
}

/** How often My eSIMs asks again while an order is being prepared. */
const REFRESH_MS = 3000;

/**
 * Asks the page's loader again every few seconds while `active`, so an eSIM being prepared turns into its card
 * by itself (issue 12). A hidden tab does not ask.
 */
export function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle")
        void revalidator.revalidate();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/** My eSIMs: an order that is paid and still being prepared shows as an eSIM on its way (issue 12). */
export function OnItsWayCard({ order }: { order: PreparingOrder }) {
  const { t, href } = useI18n();
  return (
    <article
      data-preparing={order.code}
      className="rounded-2xl border border-dashed border-brand-500 bg-brand-50 p-5"
      aria-label={order.planTitle}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="min-w-0 font-semibold text-slate-900">{order.planTitle}</h2>
        <span className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900">
          <span
            aria-hidden="true"
            className="h-3 w-3 animate-spin rounded-full border-2 border-brand-700 border-t-transparent motion-reduce:animate-none"
          />
          {t("journey.onItsWay")}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-800">{t("journey.onItsWayText", { code: order.code })}</p>
      {order.quantity > 1 && (
        <p className="mt-1 text-sm text-slate-800">{t("journey.onItsWayMany", { count: order.quantity })}</p>
      )}
      <Link
        to={href(`/my/order/${encodeURIComponent(order.code)}`)}
        className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
      >
        {t("journey.viewOrder", { code: order.code })}
      </Link>
    </article>
  );
}
