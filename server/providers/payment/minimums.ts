/**
 * Stripe's minimum charge per presentment currency, in our minor units (ADR 0122; source: Stripe docs,
 * "Supported currencies" → "Minimum and maximum charge amounts", https://docs.stripe.com/currencies).
 * Only currencies whose minimum we are sure of are listed; any other currency answers null and is left to
 * the provider. JPY is zero-decimal: its minor unit is the yen.
 */
export const STRIPE_MINIMUM_CHARGE: Readonly<Record<string, number>> = {
  USD: 50,
  EUR: 50,
  GBP: 30,
  HKD: 400,
  JPY: 50,
  SGD: 50,
  AUD: 50,
  CAD: 50,
  CHF: 50,
  NZD: 50,
};

/** The smallest positive amount Stripe charges in currencyCode (minor units), or null when not known. */
export function stripeMinimumAmount(currencyCode: string): number | null {
  return STRIPE_MINIMUM_CHARGE[currencyCode.toUpperCase()] ?? null;
}
