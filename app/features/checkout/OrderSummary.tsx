import { useI18n } from "../../lib/i18n.tsx";
import type { Quote } from "./types.ts";

export type PlacingState = "" | "placing" | "redirecting";

/**
 * The checkout's summary (ADR 0110): the server's lines and total, the offers button (coupon, promo code,
 * payment method), why the order cannot be paid when the total is under the card minimum (ADR 0122), and the
 * pay button. A visitor sees unit price × quantity and a button that opens the login.
 */
export function OrderSummary({
  id,
  quantity,
  unitPrice,
  subtotal,
  total,
  currencyCode,
  quote,
  quoting,
  loggedIn,
  busy,
  notice,
  money,
  onOffers,
  onPlace,
}: {
  id: string;
  quantity: number;
  unitPrice: number;
  subtotal: number;
  total: number;
  currencyCode: string;
  quote: Quote | null;
  quoting: boolean;
  loggedIn: boolean;
  busy: PlacingState;
  notice: string;
  money: (amountMinor: number) => string;
  onOffers: () => void;
  onPlace: () => void;
}) {
  const { t } = useI18n();
  const chosenCoupon = quote?.coupon
    ? t("checkoutUi.couponChosen", { name: quote.coupon.name, label: quote.coupon.valueLabel })
    : t("checkoutUi.noCouponChosen");
  // A promo code shows in the row that opened it, beside the coupon (issue 12).
  const chosen = quote?.promo
    ? `${chosenCoupon} · ${t("checkoutUi.promoLine", { code: quote.promo.code })}`
    : chosenCoupon;
  return (
    <aside aria-labelledby={`${id}-summary`} className="md:sticky md:top-6 md:self-start">
      <section className="rounded-2xl border border-slate-200 p-5 shadow-sm">
        <h2 id={`${id}-summary`} className="text-lg font-semibold text-slate-900">
          {t("checkoutUi.summaryHeading")}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-700">
              {t("checkoutUi.subtotal", { quantity, price: money(unitPrice) })}
            </dt>
            <dd className="font-medium text-slate-900">{money(subtotal)}</dd>
          </div>
          {quote?.coupon && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">
                {t("checkoutUi.couponLine", {
                  name: `${quote.coupon.name} (${quote.coupon.valueLabel})`,
                })}
              </dt>
              <dd className="font-medium text-red-700">−{money(quote.coupon.discount)}</dd>
            </div>
          )}
          {quote?.promo && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">
                {t("checkoutUi.promoLine", { code: quote.promo.code })} ({quote.promo.valueLabel})
              </dt>
              <dd className="font-medium text-red-700">−{money(quote.promo.discount)}</dd>
            </div>
          )}
          {quote && quote.credit.appliedMinor > 0 && (
            <div className="flex justify-between gap-3">
              <dt className="text-slate-700">{t("checkoutUi.creditLine")}</dt>
              <dd className="font-medium text-red-700" data-testid="checkout-credit">
                −{money(quote.credit.appliedMinor)}
              </dd>
            </div>
          )}
          <div className="flex justify-between gap-3 border-t border-slate-200 pt-2 text-base">
            <dt className="font-semibold text-slate-900">{t("checkoutUi.total")}</dt>
            <dd className="font-bold text-slate-900" data-testid="checkout-total">
              {money(total)}
            </dd>
          </div>
        </dl>
        <p className="mt-1 text-xs text-slate-700">{t("checkoutUi.totalNote", { currency: currencyCode })}</p>
        <p role="status" className="sr-only">
          {quoting ? t("checkoutUi.updating") : `${t("checkoutUi.total")} ${money(total)}`}
        </p>

        {loggedIn ? (
          <button
            type="button"
            onClick={onOffers}
            aria-haspopup="dialog"
            className="mt-4 flex w-full items-center justify-between gap-2 rounded-xl border border-slate-300 p-3 text-left hover:border-slate-500"
          >
            <span>
              <span className="block text-sm font-semibold text-slate-900">
                {t("checkoutUi.offersButton")}
              </span>
              <span className="block text-sm text-slate-700">
                {chosen} · {t("checkoutUi.payBy", { method: t("checkoutUi.method.card") })}
              </span>
            </span>
            <span aria-hidden="true">›</span>
          </button>
        ) : (
          <p className="mt-4 text-sm text-slate-700">{t("checkoutUi.visitorNote")}</p>
        )}

        <p role="alert" className="mt-3 text-sm text-red-700 empty:hidden">
          {notice}
        </p>
        {/* A positive total below the card provider's minimum cannot be charged (ADR 0122). */}
        {loggedIn && quote?.belowPaymentMinimum && (
          <p id={`${id}-minimum`} className="mt-3 text-sm text-red-700" data-testid="checkout-below-minimum">
            {t("checkoutUi.belowMinimum", { minimum: money(quote.belowPaymentMinimum.minimum) })}
          </p>
        )}

        <button
          type="button"
          onClick={onPlace}
          disabled={busy !== "" || quoting || Boolean(loggedIn && quote?.belowPaymentMinimum)}
          aria-describedby={loggedIn && quote?.belowPaymentMinimum ? `${id}-minimum` : undefined}
          className="mt-4 w-full rounded-full bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {!loggedIn
            ? t("checkoutUi.loginToPay")
            : busy === "placing"
              ? t("checkoutUi.placing")
              : busy === "redirecting"
                ? t("checkoutUi.redirecting")
                : t("checkoutUi.placeOrder", { amount: money(total) })}
        </button>
      </section>
    </aside>
  );
}
