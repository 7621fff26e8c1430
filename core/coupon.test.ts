import { describe, expect, it } from "vitest";
import { convertBetween, couponOff, couponValueLabel, lineSubtotal } from "./coupon.ts";

const HKD = { code: "HKD", minorDigits: 2, rateFromBase: "1" };
const USD = { code: "USD", minorDigits: 2, rateFromBase: "0.128" };
const JPY = { code: "JPY", minorDigits: 0, rateFromBase: "19.2" };
const currencyOf = (code: string) => [HKD, USD, JPY].find((c) => c.code === code);

const discount = (resultDiscount: string) =>
  ({ couponTypeCode: "DISCOUNT", resultDiscount, resultReduction: null, reductionCurrency: null }) as const;
const reduction = (amount: number, currency: string) =>
  ({
    couponTypeCode: "REDUCTION",
    resultDiscount: null,
    resultReduction: amount,
    reductionCurrency: currency,
  }) as const;

describe("couponValueLabel (spec 5)", () => {
  it.each([
    ["0.850", "8.5折", "15% off"],
    ["0.900", "9折", "10% off"],
    ["0.875", "8.75折", "12.5% off"],
    ["0.88", "8.8折", "12% off"],
  ])("a discount paying %s shows %s in Chinese and %s in English", (value, zh, en) => {
    expect(couponValueLabel(discount(value), "zh_CN", undefined)).toBe(zh);
    expect(couponValueLabel(discount(value), "zh_HK", undefined)).toBe(zh);
    expect(couponValueLabel(discount(value), "en_US", undefined)).toBe(en);
  });

  it("shows a reduction with the currency symbol", () => {
    const hk = { currencySymbol: "HK$", minorDigits: 2 };
    expect(couponValueLabel(reduction(2000, "HKD"), "en_US", hk)).toBe("HK$20 off");
    expect(couponValueLabel(reduction(2050, "HKD"), "zh_CN", hk)).toBe("减HK$20.5");
    expect(couponValueLabel(reduction(500, "JPY"), "zh_HK", { currencySymbol: "¥", minorDigits: 0 })).toBe(
      "減¥500",
    );
  });
});

describe("coupon arithmetic in minor units", () => {
  it("multiplies price by quantity exactly", () => {
    expect(lineSubtotal(3990, 3)).toBe(11970);
    expect(() => lineSubtotal(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });

  it("takes a discount off, rounding the amount to pay half up", () => {
    // 0.1 + 0.2 style float errors would show here: 1999 × 0.85 = 1699.15 → pay 1699, off 300.
    expect(couponOff(discount("0.850"), 1999, HKD, currencyOf)).toBe(300);
    expect(couponOff(discount("0.900"), 1005, HKD, currencyOf)).toBe(100); // pay 904.5 → 905
    expect(couponOff(discount("0.880"), 1280, JPY, currencyOf)).toBe(154); // pay 1126.4 → 1126
  });

  it("converts a reduction into the order's currency, zero-decimal JPY included", () => {
    expect(couponOff(reduction(2000, "HKD"), 100_000, HKD, currencyOf)).toBe(2000);
    expect(couponOff(reduction(2000, "HKD"), 100_000, USD, currencyOf)).toBe(256); // HK$20 × 0.128
    expect(couponOff(reduction(2000, "HKD"), 100_000, JPY, currencyOf)).toBe(384); // HK$20 × 19.2
    expect(couponOff(reduction(500, "USD"), 100_000, HKD, currencyOf)).toBe(3906); // US$5 / 0.128 = 39.0625
  });

  it("never takes more than the amount", () => {
    expect(couponOff(reduction(2000, "HKD"), 1500, HKD, currencyOf)).toBe(1500);
  });

  it("converts both ways between two non-base currencies", () => {
    expect(convertBetween(100, USD, JPY)).toBe(150); // US$1 = HK$7.8125 = ¥150
    expect(convertBetween(150, JPY, USD)).toBe(100);
  });
});
