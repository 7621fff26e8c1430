import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { convertBetween } from "../core/coupon.ts";
import { convertMinor } from "../core/money.ts";
import { BASE_CURRENCY, convert } from "../core/pricing.ts";
import { convertedPriceSql } from "../db/pricing-sql.ts";
import { currencies } from "../db/schema/index.ts";
import { pricePoint, SEED_CURRENCIES, type SeedCurrency } from "../db/seed/pricing.ts";
import { retailPrice } from "../server/modules/catalog/supply/pricing.ts";
import { SETTLEMENT_FLOOR, settlementFloor } from "../server/providers/payment/minimums.ts";
import { setupTestApp } from "./api.ts";

// Issue 33 item 3 (ADR 0398): the four paths that convert and round a price (the shown price in TypeScript and
// in SQL, the supplier price sync, the payment minimums, the seed) agree for every currency the store has, at
// its stored rate and at any other. PostgreSQL's exact numeric arithmetic on a real database is the judge.

const app = setupTestApp();
const db = () => app.database.db;

interface StoreCurrency {
  code: string;
  minorDigits: number;
  rateFromBase: string;
}
let store: StoreCurrency[] = [];

beforeAll(async () => {
  store = await db()
    .select({
      code: currencies.code,
      minorDigits: currencies.minorDigits,
      rateFromBase: currencies.rateFromBase,
    })
    .from(currencies);
});

async function one<T>(query: SQL): Promise<T> {
  const result = (await db().execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** A decimal rate as the currency table stores one: up to 6 whole digits and 12 decimals, never zero. */
const rateText = fc
  .tuple(
    fc.integer({ min: 0, max: 999_999 }),
    fc.integer({ min: 0, max: 12 }),
    fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
  )
  .map(([whole, decimals, fraction]) =>
    decimals === 0
      ? `${whole}`
      : `${whole}.${(fraction % 10n ** BigInt(decimals)).toString().padStart(decimals, "0")}`,
  )
  .filter((rate) => /[1-9]/.test(rate));
const amount = fc.integer({ min: 0, max: 1_000_000_000 });
const RUNS = { numRuns: 100 };
const INT_MAX = 2 ** 31 - 1;

/** The figure, or undefined when the conversion refused it as out of range (a RangeError). */
function inRange<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

describe("one pricing rule on every path", () => {
  it("knows the store's currencies", () => {
    expect(store.map((c) => c.code).sort()).toEqual(expect.arrayContaining([BASE_CURRENCY, "USD"]));
  });

  it("shows the same converted price in TypeScript as the product list computes in SQL", async () => {
    const base = store.find((c) => c.code === BASE_CURRENCY)!;
    await fc.assert(
      fc.asyncProperty(
        amount,
        fc.constantFrom(...store),
        fc.option(rateText, { nil: undefined }),
        async (minor, currency, otherRate) => {
          const target = { ...currency, rateFromBase: otherRate ?? currency.rateFromBase };
          const shift = target.minorDigits - base.minorDigits;
          const shown = inRange(() =>
            convertMinor(minor, base.minorDigits, target.minorDigits, target.rateFromBase),
          );
          fc.pre(shown !== undefined && shown <= INT_MAX); // prices are stored and compared as PostgreSQL integers
          const row = await one<{ shown: number }>(
            sql`select ${convertedPriceSql(sql`${minor}::bigint`, sql`${target.rateFromBase}`, sql`${shift}`)} as shown`,
          );
          expect(shown).toBe(row.shown);
          // Coupons and credit convert between currencies by the same rule.
          expect(
            convertBetween(minor, { ...base, code: base.code }, { ...target, code: `${target.code}*` }),
          ).toBe(row.shown);
        },
      ),
      RUNS,
    );
  });

  it("syncs a supplier price and a payment minimum as the least whole amount not under the exact conversion", async () => {
    const usd = store.find((c) => c.code === "USD")!;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.constantFrom(...store),
        fc.option(rateText, { nil: undefined }),
        fc.option(rateText, { nil: undefined }),
        async (cost, currency, usdRate, otherRate) => {
          const from = { ...usd, rateFromBase: usdRate ?? usd.rateFromBase };
          const to = { ...currency, rateFromBase: otherRate ?? currency.rateFromBase };
          const rule = { markupBp: 10_000, floorUsdCents: 0 };
          const synced = inRange(() =>
            retailPrice({
              costUsdCents: cost,
              recommendedRetail: {},
              rule,
              currency: to,
              usd: from,
              rounding: { step: 1, ending: 0 },
            }),
          );
          // r is the ceiling of x when r ≥ x > r − 1; x = cost ÷ usdRate × rate, compared multiplied out, exactly.
          const ceilingOf = (r: number, minor: number) => sql`
            ${r}::numeric * ${from.rateFromBase}::numeric * power(10::numeric, ${from.minorDigits}::int)
              >= ${minor}::numeric * ${to.rateFromBase}::numeric * power(10::numeric, ${to.minorDigits}::int)
            and (${r}::numeric - 1) * ${from.rateFromBase}::numeric * power(10::numeric, ${from.minorDigits}::int)
              < ${minor}::numeric * ${to.rateFromBase}::numeric * power(10::numeric, ${to.minorDigits}::int)`;
          const floorAmount = (SETTLEMENT_FLOOR.amount * (100 + SETTLEMENT_FLOOR.marginPercent)) / 100;
          const rates = new Map([
            [from.code, from],
            [`${to.code}*`, { ...to, code: `${to.code}*` }],
          ]);
          const minimum = inRange(() => settlementFloor(`${to.code}*`, rates));
          // A rate a millionfold off gives a figure past a safe integer: refused (see below), not compared here.
          fc.pre(synced !== undefined && minimum !== undefined);
          const row = await one<{ synced: boolean; minimum: boolean }>(
            sql`select (${ceilingOf(synced, cost)}) as synced, (${ceilingOf(minimum ?? -1, floorAmount)}) as minimum`,
          );
          expect(row).toEqual({ synced: true, minimum: true });
          // The sync and the minimum are one conversion: the same amount gives the same figure.
          expect(
            retailPrice({
              ...{ recommendedRetail: {}, rule, currency: to, usd: from },
              costUsdCents: floorAmount,
              rounding: { step: 1, ending: 0 },
            }),
          ).toBe(minimum);
        },
      ),
      RUNS,
    );
  });

  it("refuses a conversion whose result is past a safe integer instead of rounding it as a float", () => {
    const usd = { minorDigits: 2, rateFromBase: "0.0000000011" };
    const other = { minorDigits: 2, rateFromBase: "4" };
    expect(() => convert(9_999_998, usd, other, { mode: "up" })).toThrow(RangeError);
    expect(() =>
      settlementFloor(
        "X",
        new Map([
          ["USD", { ...usd, code: "USD" }],
          ["X", { ...other, rateFromBase: "462743.00008", code: "X" }],
        ]),
      ),
    ).toThrow(RangeError);
    // The largest safe figure still converts exactly.
    expect(convert(Number.MAX_SAFE_INTEGER, other, other, { mode: "up" })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("seeds every seed currency at the price point SQL rounds to, from the seed's rates per US dollar", async () => {
    // The seed's price points above its smallest prices (US$13): a step in minor units, less one for €x.49/x.99.
    const points: Record<SeedCurrency, { rate: string; digits: number; step: number; less: number }> = {
      USD: { rate: "1", digits: 2, step: 1, less: 0 },
      HKD: { rate: "7.8", digits: 2, step: 500, less: 0 },
      CNY: { rate: "7.2", digits: 2, step: 100, less: 0 },
      EUR: { rate: "0.92", digits: 2, step: 50, less: 1 },
      JPY: { rate: "150", digits: 0, step: 50, less: 0 },
    };
    expect(Object.keys(points).sort()).toEqual([...SEED_CURRENCIES].sort());
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1_300, max: 1_000_000 }),
        fc.constantFrom(...SEED_CURRENCIES),
        async (usdCents, code) => {
          const point = points[code];
          const row = await one<{ price: number }>(
            sql`select ${convertedPriceSql(sql`${usdCents}::bigint`, sql`${point.rate}`, sql`${point.digits - 2}`, { step: point.step })} as price`,
          );
          expect(pricePoint(usdCents, code)).toBe(row.price - point.less);
        },
      ),
      RUNS,
    );
  });
});
