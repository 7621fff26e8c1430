import { type SQL, sql } from "drizzle-orm";
import { DISPLAY_ROUNDING, type RoundingMode, SQL_ROUNDING } from "../core/pricing.ts";

// The pricing module's conversion as a SQL expression (ADR 0398): the product list prices a plan with no own
// price point in the database, and must give the figure core/pricing.ts `convertMinor` gives. Both are exact
// (numeric here, BigInt there) and round by the same mode: PostgreSQL's round(numeric) rounds half away from
// zero like "half-up", ceil(numeric) rounds up like "up".

/**
 * `amount` minor units of the base currency in minor units of a currency whose rate from the base is
 * `rateFromBase` (a decimal string or a numeric column) and whose minor digits exceed the base's by
 * `digitShift` (negative for fewer), rounded as `mode` says (to a multiple of `step` minor units, as
 * core/pricing.ts `convert` does): an integer expression.
 */
export function convertedPriceSql(
  amount: SQL,
  rateFromBase: SQL,
  digitShift: SQL,
  { mode = DISPLAY_ROUNDING, step = 1 }: { mode?: RoundingMode; step?: number } = {},
): SQL {
  if (!Number.isSafeInteger(step) || step <= 0) throw new RangeError(`bad step: ${step}`);
  const round = sql.raw(SQL_ROUNDING[mode]);
  const exact = sql`${amount} * (${rateFromBase})::numeric * power(10::numeric, (${digitShift})::int)`;
  if (step === 1) return sql`${round}(${exact})::int`;
  return sql`(${round}(${exact} / ${sql.raw(String(step))}) * ${sql.raw(String(step))})::int`;
}
