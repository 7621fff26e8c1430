import { describe, expect, it } from "vitest";
import type { RatedCurrency } from "../../../core/coupon.ts";
import { SETTLEMENT_FLOOR, STRIPE_MINIMUM_CHARGE, settlementFloor, stripeMinimumAmount } from "./minimums.ts";
import type { CurrencyRates } from "./types.ts";

// ADR 0149: Stripe's listed minimum charges, and a US$0.50 floor (plus a 10% margin) converted with the store's
// own rates for any currency Stripe does not list. Rates here are the seeded ones (units per 1 HKD).

const rated = (code: string, rateFromBase: string, minorDigits = 2): [string, RatedCurrency] => [
  code,
  { code, rateFromBase, minorDigits },
];
const SEEDED: CurrencyRates = new Map([
  rated("HKD", "1"),
  rated("USD", "0.128"),
  rated("CNY", "0.92"),
  rated("EUR", "0.118"),
  rated("JPY", "19.4", 0),
]);

describe("Stripe's minimum charge table", () => {
  it("lists every currency in Stripe's documented table, in Stripe's minor units", () => {
    expect(STRIPE_MINIMUM_CHARGE).toEqual({
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
    });
  });

  it("answers a listed currency from the table whatever the rates say, in any letter case", () => {
    expect(stripeMinimumAmount("HKD", SEEDED)).toBe(400);
    expect(stripeMinimumAmount("usd", SEEDED)).toBe(50);
    // Zero-decimal: ¥50 is 50 minor units, not 5000.
    expect(stripeMinimumAmount("JPY", SEEDED)).toBe(50);
    expect(stripeMinimumAmount("GBP", SEEDED)).toBe(30);
    expect(stripeMinimumAmount("MXN", new Map())).toBe(1000);
    expect(stripeMinimumAmount("CZK", new Map())).toBe(1500);
  });
});

describe("the settlement floor for an unlisted currency", () => {
  it("CNY: US$0.55 through HKD at the seeded rates is ¥3.9531…, rounded up to ¥3.96", () => {
    expect(SETTLEMENT_FLOOR).toEqual({ currencyCode: "USD", amount: 50, marginPercent: 10 });
    // 0.55 / 0.128 × 0.92 = 3.953125
    expect(stripeMinimumAmount("CNY", SEEDED)).toBe(396);
    expect(stripeMinimumAmount("cny", SEEDED)).toBe(396);
  });

  it("follows the store's rate when it changes", () => {
    const dearer = new Map(SEEDED).set("CNY", { code: "CNY", rateFromBase: "0.95", minorDigits: 2 });
    // 0.55 / 0.128 × 0.95 = 4.08203125
    expect(stripeMinimumAmount("CNY", dearer)).toBe(409);
  });

  it("rounds up to a whole unit in a zero-decimal currency, and never lands below US$0.50", () => {
    const rates = new Map(SEEDED).set("KRW", { code: "KRW", rateFromBase: "175", minorDigits: 0 });
    // 0.55 / 0.128 × 175 = 751.953125
    const floor = settlementFloor("KRW", rates);
    expect(floor).toBe(752);
    // Back in US cents at the same rates (floor / 175 × 0.128 × 100, cross-multiplied to stay in integers):
    // at least the 50-cent floor plus the margin.
    expect(floor! * 128 * 100).toBeGreaterThanOrEqual(55 * 175 * 1000);
  });

  it("is unknown (null, Stripe decides) without the currency's or the dollar's rate", () => {
    expect(stripeMinimumAmount("KRW", SEEDED)).toBeNull();
    const noDollar = new Map(SEEDED);
    noDollar.delete("USD");
    expect(stripeMinimumAmount("CNY", noDollar)).toBeNull();
    const badRate = new Map(SEEDED).set("CNY", { code: "CNY", rateFromBase: "0", minorDigits: 2 });
    expect(stripeMinimumAmount("CNY", badRate)).toBeNull();
  });
});
