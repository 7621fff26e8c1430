import { convert, parseRate } from "../../../core/pricing.ts";
import type { CurrencyRates } from "./types.ts";

/**
 * Stripe's minimum charge per presentment currency, in Stripe's (and our) minor units (ADRs 0122, 0149;
 * source: Stripe docs, "Supported currencies" → "Minimum and maximum charge amounts",
 * https://docs.stripe.com/currencies). JPY is zero-decimal: its minor unit is the yen. HUF is listed as
 * Stripe counts it (two decimals, 175.00). Any currency not listed gets the settlement floor below.
 */
export const STRIPE_MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  USD: 50,
  AED: 200,
  AUD: 50,
  BGN: 100,
  BRL: 50,
  CAD: 50,
  CHF: 50,
  CZK: 1500,
  DKK: 250,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  HUF: 17500,
  INR: 50,
  JPY: 50,
  MXN: 1000,
  MYR: 200,
  NOK: 300,
  NZD: 50,
  PLN: 200,
  RON: 200,
  SEK: 300,
  SGD: 50,
  THB: 1000,
};

/**
 * Stripe also refuses an amount worth less than US$0.50 in the account's settlement currency. For a currency
 * without a listed minimum (CNY among the store's) we convert that floor with our own rates, raised by a
 * safety margin because our rates are not Stripe's and drift between updates (ADR 0149): US$0.55.
 */
export const SETTLEMENT_FLOOR = { currencyCode: "USD", amount: 50, marginPercent: 10 } as const;

/**
 * SETTLEMENT_FLOOR (with its margin) in currencyCode's minor units, rounded up so the floor is never
 * understated; null when either currency or its rate is missing from the table (then the provider decides).
 */
export function settlementFloor(currencyCode: string, rates: CurrencyRates): number | null {
  const from = rates.get(SETTLEMENT_FLOOR.currencyCode);
  const to = rates.get(currencyCode);
  if (!from || !to) return null;
  const fromRate = parseRate(from.rateFromBase);
  const toRate = parseRate(to.rateFromBase);
  if (!fromRate || !toRate || fromRate.scaled === 0n || toRate.scaled === 0n) return null;
  return convert(SETTLEMENT_FLOOR.amount, from, to, {
    mode: "up",
    percent: 100 + SETTLEMENT_FLOOR.marginPercent,
  });
}

/**
 * The smallest positive amount Stripe charges in currencyCode (minor units): the listed minimum, else the
 * settlement floor converted with our rates, else null (not known: Stripe decides).
 */
export function stripeMinimumAmount(currencyCode: string, rates: CurrencyRates): number | null {
  const code = currencyCode.toUpperCase();
  return STRIPE_MINIMUM_CHARGE[code] ?? settlementFloor(code, rates);
}
