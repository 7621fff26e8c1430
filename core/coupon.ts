import type { Locale } from "./constants.ts";
import { translate } from "./i18n/index.ts";
import { type CurrencyFormat, formatPrice } from "./money.ts";
import { convert, parseRate, roundRatio } from "./pricing.ts";

// Coupon arithmetic and display, shared by checkout (server) and the coupon lists (browser). All amounts are
// integer minor units; rates and discounts are decimal strings worked with BigInt, never floats.

/** spec 5: stepper defaults min 1, max 99 (the checkout quantity). */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 99;

/** A currency with its rate from the base currency (units per 1 HKD, decimal string). */
export interface RatedCurrency {
  code: string;
  minorDigits: number;
  rateFromBase: string;
}

export interface CouponValue {
  couponTypeCode: "DISCOUNT" | "REDUCTION";
  /** The fraction to pay, e.g. "0.850"; DISCOUNT only. */
  resultDiscount: string | null;
  /** Minor units of reductionCurrency; REDUCTION only. */
  resultReduction: number | null;
  reductionCurrency: string | null;
}

function decimal(value: string): { scaled: bigint; scale: bigint } {
  const parsed = parseRate(value);
  if (!parsed) throw new RangeError(`bad decimal: ${value}`);
  return parsed;
}

/** numerator / denominator rounded half up (both non-negative), by the pricing module's rule. */
function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number(roundRatio(numerator, denominator, "half-up"));
}

/** price × quantity in minor units; refuses anything but safe integers. */
export function lineSubtotal(unitPriceMinor: number, quantity: number): number {
  const total = unitPriceMinor * quantity;
  if (
    !Number.isSafeInteger(unitPriceMinor) ||
    !Number.isSafeInteger(quantity) ||
    !Number.isSafeInteger(total)
  )
    throw new RangeError("price and quantity must be safe integers");
  return total;
}

/** Converts minor units between two currencies through their rates from the base, rounding half up (core/pricing.ts). */
export function convertBetween(amountMinor: number, from: RatedCurrency, to: RatedCurrency): number {
  if (from.code === to.code) return amountMinor;
  return convert(amountMinor, from, to, { mode: "half-up" });
}

/**
 * How much a coupon takes off `amountMinor` (in `currency`). A discount pays resultDiscount of the amount,
 * rounded half up, so the shopper never pays more than the fraction says plus half a minor unit. A reduction
 * is converted from its own currency. Never more than the amount itself.
 */
export function couponOff(
  coupon: CouponValue,
  amountMinor: number,
  currency: RatedCurrency,
  currencyOf: (code: string) => RatedCurrency | undefined,
): number {
  let off: number;
  if (coupon.couponTypeCode === "DISCOUNT") {
    const pay = decimal(coupon.resultDiscount ?? "1");
    off = amountMinor - roundHalfUp(BigInt(amountMinor) * pay.scaled, pay.scale);
  } else {
    const from = currencyOf(coupon.reductionCurrency ?? currency.code);
    if (!from) throw new RangeError(`unknown currency ${coupon.reductionCurrency}`);
    off = convertBetween(coupon.resultReduction ?? 0, from, currency);
  }
  return Math.max(0, Math.min(off, amountMinor));
}

/** resultDiscount in thousandths: "0.85" → 850. */
function thousandths(resultDiscount: string): number {
  const { scaled, scale } = decimal(resultDiscount);
  return roundHalfUp(scaled * 1000n, scale);
}

function trimmed(whole: number, fraction: number, digits: number): string {
  const text = fraction.toString().padStart(digits, "0").replace(/0+$/, "");
  return text ? `${whole}.${text}` : `${whole}`;
}

/**
 * spec 5: a discount shows as value × 10 with '折' (0.85 → 8.5折) in Chinese and as "15% off" in English; a
 * reduction shows its amount with the currency symbol.
 */
export function couponValueLabel(coupon: CouponValue, locale: Locale, currency?: CurrencyFormat): string {
  if (coupon.couponTypeCode === "DISCOUNT") {
    const pay = thousandths(coupon.resultDiscount ?? "1");
    const off = 1000 - pay;
    // Chinese counts what is paid in tenths (折); English says how much is taken off, in percent.
    const value =
      locale === "en_US"
        ? trimmed(Math.floor(off / 10), off % 10, 1)
        : trimmed(Math.floor(pay / 100), pay % 100, 2);
    return translate(locale, "purchase.coupon.discountLabel", { value });
  }
  if (!currency) throw new RangeError("a reduction needs its currency's format");
  return translate(locale, "purchase.coupon.reductionLabel", {
    amount: formatPrice(coupon.resultReduction ?? 0, currency, false),
  });
}
