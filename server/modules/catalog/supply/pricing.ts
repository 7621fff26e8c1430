// Pricing rules for supplier packages (issue 13; ADR 0197). Pure: integer minor units in, integer minor units out.
// Every conversion and rounding is core/pricing.ts's (ADR 0398): prices derived from a cost round up.

import {
  convert,
  defaultRounding,
  parseRate,
  type Rounding,
  roundRatio,
  roundUp,
} from "../../../../core/pricing.ts";

export { defaultRounding, type Rounding, roundUp };

export interface PricingRule {
  /** 10,000 = cost price. */
  markupBp: number;
  floorUsdCents: number;
}

/** The markup when no rule is stored: cost × 1.8. */
export const DEFAULT_RULE: PricingRule = { markupBp: 18_000, floorUsdCents: 0 };

export interface CurrencyRate {
  code: string;
  minorDigits: number;
  /** Units of this currency per 1 unit of the base currency (decimal string, as stored). */
  rateFromBase: string;
}

/**
 * The plan's base price in US cents: the supplier's recommended retail price in US dollars when it gives one;
 * else its recommended price in another currency, converted at the stored rates (the first by currency code);
 * else cost × markup, at least the floor. Every currency the supplier recommends no price in is derived from
 * this one figure, so the currencies agree (issue 28; ADR 0310).
 */
export function basePriceUsdCents(input: {
  costUsdCents: number;
  recommendedRetail: Record<string, number>;
  rule: PricingRule;
  usd: CurrencyRate;
  rates?: CurrencyRate[];
}): number {
  const usdRecommended = input.recommendedRetail.USD;
  if (usdRecommended !== undefined && usdRecommended > 0) return usdRecommended;
  for (const code of Object.keys(input.recommendedRetail).sort()) {
    const amount = input.recommendedRetail[code]!;
    const rate = input.rates?.find((r) => r.code === code);
    if (!rate || amount <= 0 || !parseRate(rate.rateFromBase)?.scaled) continue;
    return convert(amount, rate, input.usd, { mode: "up" });
  }
  const marked = roundRatio(BigInt(input.costUsdCents) * BigInt(input.rule.markupBp), 10_000n, "up");
  return Math.max(Number(marked), input.rule.floorUsdCents);
}

/**
 * Our price in one currency: the supplier's recommended retail price in that currency when it gives one (taken
 * as it is); else the plan's base price (`basePriceUsdCents`) converted at the stored rates and rounded up to
 * the currency's ending, never a figure from another source.
 */
export function retailPrice(input: {
  costUsdCents: number;
  recommendedRetail: Record<string, number>;
  rule: PricingRule;
  currency: CurrencyRate;
  usd: CurrencyRate;
  /** Every stored rate: a recommended price in a currency other than US dollars converts through them. */
  rates?: CurrencyRate[];
  rounding?: Rounding;
}): number {
  const { currency, usd } = input;
  const recommended = input.recommendedRetail[currency.code];
  if (recommended !== undefined && recommended > 0) return recommended;
  const usdCents = basePriceUsdCents(input);
  // USD → base → currency, in the currency's minor units, rounded up, then up to the currency's price point.
  const minor = convert(usdCents, usd, currency, { mode: "up" });
  return roundUp(minor, input.rounding ?? defaultRounding(currency.minorDigits));
}

/** A price's cost in its currency's minor units (the console warns when a price is at or under it). */
export function costIn(costUsdCents: number, currency: CurrencyRate, usd: CurrencyRate): number {
  return convert(costUsdCents, usd, currency, { mode: "up" });
}

/**
 * The prices at or under what the plan's first-choice package costs, in each price's currency at the stored
 * rates: the console warns about each (a hand-set price is kept as it is; issue 28, ADR 0310).
 */
export function pricesAtOrUnderCost(
  prices: { currencyCode: string; unitPrice: number }[],
  costUsdCents: number | null | undefined,
  rates: CurrencyRate[],
): { currencyCode: string; unitPrice: number; costMinor: number }[] {
  const usd = rates.find((r) => r.code === "USD");
  if (costUsdCents == null || !usd) return [];
  return prices.flatMap((price) => {
    const currency = rates.find((r) => r.code === price.currencyCode);
    if (!currency) return [];
    const costMinor = costIn(costUsdCents, currency, usd);
    return price.unitPrice <= costMinor
      ? [{ currencyCode: price.currencyCode, unitPrice: price.unitPrice, costMinor }]
      : [];
  });
}
