// The one pricing rule (issue 33 item 3; ADR 0398): how an amount in one currency becomes an amount in another,
// and how it is rounded. The supplier price sync, the shown price (here and, through db/pricing-sql.ts, in SQL),
// the payment minimums and the seed all convert through `convert`; none rounds money by hand. Exact: decimal
// rates are read as integers over a power of ten and the arithmetic is BigInt, so no float ever decides a cent.

/**
 * How a converted amount becomes whole minor units (or whole steps of them):
 * - "half-up": to the nearest, a half away from zero; PostgreSQL's `round(numeric)` does the same, so a price
 *   converted in SQL is the price converted here. Shown prices and seed price points use it.
 * - "up": to the next whole amount (ceiling); a price the store derives from a cost or a floor is never
 *   understated (supplier sync, payment minimums). PostgreSQL's `ceil(numeric)`.
 */
export type RoundingMode = "half-up" | "up";

/** The SQL function that rounds the same way as each mode (db/pricing-sql.ts builds the expression from it). */
export const SQL_ROUNDING: Readonly<Record<RoundingMode, "round" | "ceil">> = {
  "half-up": "round",
  up: "ceil",
};

/** How a shown price converted from the base currency is rounded, in TypeScript and in SQL. */
export const DISPLAY_ROUNDING: RoundingMode = "half-up";

/** The base currency: every stored rate says how many units of a currency one unit of it buys. */
export const BASE_CURRENCY = "HKD";

/** The longest rate fraction a rate may have (the currency table stores rates with up to 12 decimals). */
const MAX_RATE_DECIMALS = 12;
/** The largest amount a conversion returns: past it a JavaScript number no longer holds every integer. */
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const RATE = new RegExp(`^(\\d+)(?:\\.(\\d{1,${MAX_RATE_DECIMALS}}))?$`);

/** A currency as conversion needs it: its minor digits and its rate from the base currency (decimal string). */
export interface RatedCurrency {
  minorDigits: number;
  rateFromBase: string;
}

/** A non-negative decimal rate as `scaled / scale`; null when the text is not one. */
export function parseRate(rate: string): { scaled: bigint; scale: bigint } | null {
  const match = RATE.exec(rate.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  return { scaled: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

function rateOf(rate: string): { scaled: bigint; scale: bigint } {
  const parsed = parseRate(rate);
  if (!parsed) throw new RangeError(`bad rate: ${rate}`);
  return parsed;
}

/** `numerator / denominator` (denominator > 0) rounded to a whole number the mode's way. */
export function roundRatio(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator <= 0n) throw new RangeError("denominator must be positive");
  if (mode === "up") {
    const quotient = numerator / denominator; // truncates toward zero
    return numerator > 0n && quotient * denominator !== numerator ? quotient + 1n : quotient;
  }
  const doubled = (numerator * 2n) / denominator;
  return (doubled + (doubled >= 0n ? 1n : -1n)) / 2n;
}

export interface ConvertOptions {
  mode: RoundingMode;
  /** Round to whole multiples of this many minor units of the target currency (1 when absent). */
  step?: number;
  /** Scale the amount by this percentage first (110 = a tenth more), exactly. */
  percent?: number;
}

/**
 * `amount` minor units of `from` in minor units of `to`, through the base currency, rounded once by `mode`
 * (to a multiple of `step`). Throws RangeError on a bad or zero source rate, and on a result too large to be a
 * safe integer: a rate typed a thousandfold off must not become a silently rounded float price.
 */
export function convert(
  amount: number,
  from: RatedCurrency,
  to: RatedCurrency,
  options: ConvertOptions,
): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`amount must be integer minor units: ${amount}`);
  const fromRate = rateOf(from.rateFromBase);
  const toRate = rateOf(to.rateFromBase);
  if (fromRate.scaled === 0n) throw new RangeError(`zero rate: ${from.rateFromBase}`);
  const step = BigInt(options.step ?? 1);
  const percent = options.percent ?? 100;
  if (step <= 0n || !Number.isSafeInteger(percent)) throw new RangeError("bad step or percent");
  // amount × percent/100 ÷ 10^fromDigits ÷ fromRate × toRate × 10^toDigits ÷ step
  const numerator =
    BigInt(amount) * BigInt(percent) * toRate.scaled * fromRate.scale * 10n ** BigInt(to.minorDigits);
  const denominator = 100n * fromRate.scaled * toRate.scale * 10n ** BigInt(from.minorDigits) * step;
  const result = roundRatio(numerator, denominator, options.mode) * step;
  if (result > MAX_SAFE || result < -MAX_SAFE)
    throw new RangeError(`converted amount out of range: ${result}`);
  return Number(result);
}

/**
 * A base-currency amount shown in another currency: converted at `rate` (decimal string, units per base unit)
 * and rounded half away from zero (DISPLAY_ROUNDING), exactly as `convertedPriceSql` does in SQL.
 */
export function convertMinor(
  amountMinor: number,
  fromDigits: number,
  toDigits: number,
  rate: string,
): number {
  return convert(
    amountMinor,
    { minorDigits: fromDigits, rateFromBase: "1" },
    { minorDigits: toDigits, rateFromBase: rate },
    { mode: DISPLAY_ROUNDING },
  );
}

/** A price point: a whole `step` of minor units plus an `ending` (step 100, ending 99: x.99). */
export interface Rounding {
  step: number;
  ending: number;
}

/** The price point a currency gets when none is stored: x.99 with two minor digits, whole tens without. */
export function defaultRounding(minorDigits: number): Rounding {
  return minorDigits === 0
    ? { step: 10, ending: 0 }
    : { step: 10 ** minorDigits, ending: 10 ** minorDigits - 1 };
}

/** Rounds up to the next amount that ends in `ending` above a multiple of `step` (99 → x.99). */
export function roundUp(minor: number, { step, ending }: Rounding): number {
  if (step <= 1) return Math.ceil(minor);
  return Number(roundRatio(BigInt(minor - ending), BigInt(step), "up")) * step + ending;
}
