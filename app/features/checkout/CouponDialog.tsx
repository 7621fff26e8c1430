import { useEffect, useId, useRef, useState } from "react";
import { Modal } from "../../components/ui/Modal.tsx";
import { useApi } from "../../lib/api.ts";
import { HttpError } from "../../lib/http/client.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { formatDay } from "../../lib/time.ts";
import { inputClass } from "../account/form.ts";
import type { CheckoutRequest, CouponOption, Quote } from "./types.ts";

/** The payment methods the hosted payment page offers (ADR 0113). */
export const PAYMENT_METHODS = ["card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The API's translated message for a refused code; never silent (the issue: stores fail silently here). */
function refusal(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.message ? error.message : fallback;
}

/**
 * The checkout's coupon and payment dialog (spec 2; ADR 0111): the shopper's claimed coupons, the usable ones
 * selectable and the others disabled with the server's reason; a promo code field whose every refusal is shown
 * next to it; and the payment method.
 */
export function CouponDialog({
  open,
  onClose,
  request,
  quote,
  couponCode,
  method,
  onCoupon,
  onPromo,
  onMethod,
}: {
  open: boolean;
  onClose: () => void;
  /** The line being bought (plan, quantity, top-up); coupons are checked against it. */
  request: CheckoutRequest;
  quote: Quote | null;
  couponCode: string | null;
  method: PaymentMethod;
  onCoupon: (code: string | null) => void;
  /** A promo code the server accepted, with the quote that applies it; null removes it. */
  onPromo: (code: string | null, quote?: Quote) => void;
  onMethod: (method: PaymentMethod) => void;
}) {
  const { t, locale, price } = useI18n();
  const api = useApi();
  const id = useId();
  const [options, setOptions] = useState<CouponOption[] | null>(null);
  const [promoText, setPromoText] = useState("");
  const [promoError, setPromoError] = useState("");
  const [applying, setApplying] = useState(false);
  // Focus starts at the top of the dialog, not in the promo field (no keyboard popping up on a phone).
  const start = useRef<HTMLDivElement>(null);
  const { platformProductCode, quantity, topUpIccid, promoCode } = request;

  // A closed dialog forgets its list, so opening it shows "loading" until this line's list arrives; a new promo
  // code while it is open keeps the list on screen until the re-checked one replaces it.
  useEffect(() => {
    if (!open) setOptions(null);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    api
      .post<{ content: CouponOption[] }>("/o2ord/v1/customer/checkout/coupons", {
        platformProductCode,
        quantity,
        // With the promo code, a coupon that would leave a total below the card minimum shows as unusable.
        promoCode,
      })
      .then((list) => alive && setOptions(list.content))
      .catch(() => alive && setOptions([]));
    return () => {
      alive = false;
    };
  }, [api, open, platformProductCode, quantity, promoCode]);

  const money = (amount: number) =>
    quote
      ? price(amount, true, { currencySymbol: quote.currencySymbol, minorDigits: quote.minorDigits })
      : "";

  async function applyPromo() {
    const code = promoText.trim();
    if (!code) {
      setPromoError(t("checkoutUi.dialog.promoRequired"));
      return;
    }
    setApplying(true);
    setPromoError("");
    try {
      const quoted = await api.post<Quote>(
        "/o2ord/v1/customer/checkout/quote",
        {
          platformProductCode,
          quantity,
          topUpIccid,
          couponCode: couponCode ?? undefined,
          promoCode: code,
        },
        { onFailed: () => undefined },
      );
      setPromoText("");
      onPromo(quoted.promo?.code ?? code.toUpperCase(), quoted);
    } catch (error) {
      setPromoError(refusal(error, t("purchase.coupon.unknown")));
    } finally {
      setApplying(false);
    }
  }

  const couponName = `${id}-coupon`;
  const promoId = `${id}-promo`;
  const promoErrorId = `${promoId}-error`;
  return (
    <Modal open={open} onClose={onClose} title={t("checkoutUi.dialog.title")} initialFocus={start}>
      <div ref={start} tabIndex={-1} className="outline-none" />
      <fieldset className="mt-4">
        <legend className="text-base font-semibold text-slate-900">{t("checkoutUi.dialog.coupons")}</legend>
        {options === null ? (
          <p role="status" className="mt-2 text-sm text-slate-700">
            {t("checkoutUi.dialog.loading")}
          </p>
        ) : (
          <ul className="mt-2 space-y-2">
            <li>
              <label className="flex items-center gap-3 rounded-xl border border-slate-300 p-3">
                <input
                  type="radio"
                  name={couponName}
                  checked={couponCode === null}
                  onChange={() => onCoupon(null)}
                  className="h-4 w-4"
                />
                <span className="text-sm text-slate-900">{t("checkoutUi.dialog.noCoupon")}</span>
              </label>
            </li>
            {options.map((coupon) => {
              const reasonId = `${id}-${coupon.code}-reason`;
              return (
                <li key={coupon.code}>
                  <label
                    className={`flex items-start gap-3 rounded-xl border p-3 ${
                      coupon.usable ? "border-slate-300" : "border-slate-200 bg-slate-50"
                    }`}
                  >
                    <input
                      type="radio"
                      name={couponName}
                      value={coupon.code}
                      checked={couponCode === coupon.code}
                      disabled={!coupon.usable}
                      aria-describedby={reasonId}
                      onChange={() => onCoupon(coupon.code)}
                      className="mt-1 h-4 w-4"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className="font-semibold text-slate-900">{coupon.name}</span>
                        <span className="text-lg font-bold text-red-700">{coupon.valueLabel}</span>
                      </span>
                      <span id={reasonId} className="block text-sm text-slate-700">
                        {coupon.usable
                          ? t("checkoutUi.dialog.saves", { amount: money(coupon.discount) })
                          : t("checkoutUi.dialog.unusable", { reason: coupon.reason ?? "" })}
                        {" · "}
                        {t("checkoutUi.dialog.validUntil", { date: formatDay(coupon.endTime, locale) })}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
            {options.length === 0 && (
              <li className="text-sm text-slate-700">{t("checkoutUi.dialog.empty")}</li>
            )}
          </ul>
        )}
      </fieldset>

      <div className="mt-6">
        <label htmlFor={promoId} className="block text-base font-semibold text-slate-900">
          {t("checkoutUi.dialog.promo")}
        </label>
        {quote?.promo ? (
          <div className="mt-2 flex items-center justify-between gap-2 rounded-xl bg-green-50 p-3">
            <p className="text-sm text-green-900" role="status">
              {t("checkoutUi.dialog.promoApplied", {
                code: quote.promo.code,
                label: quote.promo.valueLabel,
                amount: money(quote.promo.discount),
              })}
            </p>
            <button
              type="button"
              className="text-sm font-medium text-brand-700 underline"
              onClick={() => onPromo(null)}
            >
              {t("checkoutUi.dialog.promoRemove")}
            </button>
          </div>
        ) : null}
        <form
          className="mt-2 flex items-stretch gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void applyPromo();
          }}
        >
          <input
            id={promoId}
            name="promoCode"
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={48}
            value={promoText}
            onChange={(event) => {
              setPromoText(event.target.value);
              setPromoError("");
            }}
            aria-invalid={promoError ? true : undefined}
            aria-describedby={promoError ? promoErrorId : undefined}
            className={inputClass}
          />
          <button
            type="submit"
            disabled={applying}
            className="shrink-0 rounded-lg border border-brand-700 px-4 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
          >
            {t("checkoutUi.dialog.promoApply")}
          </button>
        </form>
        <p id={promoErrorId} role="alert" className="mt-1 min-h-5 text-sm text-red-700">
          {promoError}
        </p>
      </div>

      <fieldset className="mt-4">
        <legend className="text-base font-semibold text-slate-900">{t("checkoutUi.dialog.payment")}</legend>
        <ul className="mt-2 space-y-2">
          {PAYMENT_METHODS.map((choice) => (
            <li key={choice}>
              <label className="flex items-start gap-3 rounded-xl border border-slate-300 p-3">
                <input
                  type="radio"
                  name={`${id}-method`}
                  value={choice}
                  checked={method === choice}
                  onChange={() => onMethod(choice)}
                  className="mt-1 h-4 w-4"
                />
                <span>
                  <span className="block font-semibold text-slate-900">{t("checkoutUi.method.card")}</span>
                  <span className="block text-sm text-slate-700">{t("checkoutUi.method.cardHint")}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <button
        type="button"
        onClick={onClose}
        className="mt-6 w-full rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-900"
      >
        {t("checkoutUi.dialog.done")}
      </button>
    </Modal>
  );
}
