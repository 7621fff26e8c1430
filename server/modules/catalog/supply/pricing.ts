// Pricing rules for supplier packages (issue 13; ADR 0197). Pure: integer minor units in, integer minor units out.

export interface PricingRule {
  /** 10,000 = cost price. */
  markupBp: number;
  floorUsdCents: number;
}

/** The markup when no rule is stored: cost × 1.8. */
export const DEFAULT_RULE: PricingRule = { markupBp: 18_000, floorUsdCents: 0 };

export interface Rounding {
  step: number;
  ending: number;
}

export interface CurrencyRate {
  code: string;
  minorDigits: number;
  /** Units of this currency per 1 unit of the base currency (decimal string, as stored). */
  rateFromBase: string;
}

/** The rounding a currency gets when none is stored: x.99 with two minor digits, whole tens without. */
export function defaultRounding(minorDigits: number): Rounding {
  return minorDigits === 0
    ? { step: 10, ending: 0 }
    : { step: 10 ** minorDigits, ending: 10 ** minorDigits - 1 };
}

/** Rounds up to the next amount that ends in `ending` above a multiple of `step` (99 → x.99). */
export function roundUp(minor: number, { step, ending }: Rounding): number {
  if (step <= 1) return Math.ceil(minor);
  return Math.ceil((minor - ending) / step) * step + ending;
}

/**
 * Our price in one currency: the supplier's recommended retail price in that currency when it gives one (taken
 * as it is); else cost × markup, at least the floor, converted at the stored rates and rounded up to the
 * currency's ending.
 */
export function retailPrice(input: {
  costUsdCents: number;
  recommendedRetail: Record<string, number>;
  rule: PricingRule;
  currency: CurrencyRate;
  usd: CurrencyRate;
  rounding?: Rounding;
}): number {
  const { currency, usd, rule } = input;
  const recommended = input.recommendedRetail[currency.code];
  if (recommended !== undefined && recommended > 0) return recommended;
  const usdCents = Math.max(Math.ceil((input.costUsdCents * rule.markupBp) / 10_000), rule.floorUsdCents);
  // USD → base → currency, in the currency's minor units.
  const major = (usdCents / 100 / Number(usd.rateFromBase)) * Number(currency.rateFromBase);
  const minor = Math.ceil(major * 10 ** currency.minorDigits - 1e-6);
  return roundUp(minor, input.rounding ?? defaultRounding(currency.minorDigits));
}
