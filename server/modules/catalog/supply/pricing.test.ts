import { describe, expect, it } from "vitest";
import { defaultRounding, retailPrice, roundUp } from "./pricing.ts";

const HKD = { code: "HKD", minorDigits: 2, rateFromBase: "1" };
const USD = { code: "USD", minorDigits: 2, rateFromBase: "0.128" };
const JPY = { code: "JPY", minorDigits: 0, rateFromBase: "19.2" };

describe("pricing rules", () => {
  it("rounds up to .99, .90 or whole tens", () => {
    expect(roundUp(770, { step: 100, ending: 99 })).toBe(799);
    expect(roundUp(799, { step: 100, ending: 99 })).toBe(799);
    expect(roundUp(800, { step: 100, ending: 99 })).toBe(899);
    expect(roundUp(4512, { step: 100, ending: 90 })).toBe(4590);
    expect(roundUp(1163, defaultRounding(0))).toBe(1170);
  });

  it("prices cost × markup, converted at the stored rates and rounded per currency", () => {
    const rule = { markupBp: 18_000, floorUsdCents: 0 };
    // $4.50 × 1.8 = $8.10 → US$8.99; HK$63.28… → HK$63.90 with a .90 ending; ¥1,215 → ¥1,220.
    expect(retailPrice({ costUsdCents: 450, recommendedRetail: {}, rule, currency: USD, usd: USD })).toBe(
      899,
    );
    expect(
      retailPrice({
        costUsdCents: 450,
        recommendedRetail: {},
        rule,
        currency: HKD,
        usd: USD,
        rounding: { step: 100, ending: 90 },
      }),
    ).toBe(6390);
    expect(retailPrice({ costUsdCents: 450, recommendedRetail: {}, rule, currency: JPY, usd: USD })).toBe(
      1220,
    );
  });

  it("never goes under the floor, and honours the supplier's recommended retail price", () => {
    const rule = { markupBp: 15_000, floorUsdCents: 500 };
    expect(retailPrice({ costUsdCents: 100, recommendedRetail: {}, rule, currency: USD, usd: USD })).toBe(
      599,
    );
    expect(
      retailPrice({ costUsdCents: 100, recommendedRetail: { USD: 450 }, rule, currency: USD, usd: USD }),
    ).toBe(450);
    // A recommended price in another currency does not apply here.
    expect(
      retailPrice({ costUsdCents: 100, recommendedRetail: { EUR: 450 }, rule, currency: USD, usd: USD }),
    ).toBe(599);
  });

  it("derives a currency the supplier recommends no price in from the plan's base price (issue 28)", () => {
    const rule = { markupBp: 15_000, floorUsdCents: 600 };
    const input = { costUsdCents: 220, recommendedRetail: { USD: 450 }, rule, usd: USD };
    // The recommended US$4.50 is the base: HK$35.16 → HK$35.99, never the $6 floor's HK$46.88 → HK$46.99.
    expect(retailPrice({ ...input, currency: USD })).toBe(450);
    expect(retailPrice({ ...input, currency: HKD })).toBe(3599);
    // ¥675 → ¥680 from the same US$4.50.
    expect(retailPrice({ ...input, currency: JPY })).toBe(680);
    // Only a yen price recommended: US dollars and Hong Kong dollars come from it, at the stored rates.
    const yen = { ...input, recommendedRetail: { JPY: 960 }, rates: [HKD, USD, JPY] };
    expect(retailPrice({ ...yen, currency: JPY })).toBe(960);
    // ¥960 = HK$50 = US$6.40 → US$6.99; HK$50 → HK$50.99.
    expect(retailPrice({ ...yen, currency: USD })).toBe(699);
    expect(retailPrice({ ...yen, currency: HKD })).toBe(5099);
  });
});
