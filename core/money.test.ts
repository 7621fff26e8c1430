import { describe, expect, it } from "vitest";
import { convertMinor, formatPrice } from "./money.ts";

const HKD = { currencySymbol: "HK$", minorDigits: 2 };
const JPY = { currencySymbol: "¥", minorDigits: 0 };
const KWD = { currencySymbol: "KD", minorDigits: 3 };

describe("formatPrice (spec 1: symbol; with decimals, thousands separators and 2 decimals)", () => {
  it.each([
    [123450, "HK$1,234.50"],
    [100, "HK$1.00"],
    [5, "HK$0.05"],
    [0, "HK$0.00"],
    [99, "HK$0.99"],
    [123456789, "HK$1,234,567.89"],
    [100000000, "HK$1,000,000.00"],
    [-123450, "-HK$1,234.50"],
    [-5, "-HK$0.05"],
  ])("HKD %d with decimals is %j", (minor, text) => {
    expect(formatPrice(minor, HKD)).toBe(text);
  });

  it("shows no fraction for a zero-decimal currency such as JPY", () => {
    expect(formatPrice(1234, JPY)).toBe("¥1,234");
    expect(formatPrice(1234567, JPY)).toBe("¥1,234,567");
    expect(formatPrice(0, JPY)).toBe("¥0");
    expect(formatPrice(-1500, JPY)).toBe("-¥1,500");
    expect(formatPrice(1234, JPY, false)).toBe("¥1234");
  });

  it("uses the currency's own minor digits", () => {
    expect(formatPrice(1234567, KWD)).toBe("KD1,234.567");
  });

  it("drops a zero fraction and trailing zeros without decimals, with no grouping", () => {
    expect(formatPrice(123400, HKD, false)).toBe("HK$1234");
    expect(formatPrice(123450, HKD, false)).toBe("HK$1234.5");
    expect(formatPrice(123405, HKD, false)).toBe("HK$1234.05");
    expect(formatPrice(-9900, HKD, false)).toBe("-HK$99");
    expect(formatPrice(0, HKD, false)).toBe("HK$0");
  });

  it("refuses amounts that are not integer minor units", () => {
    expect(() => formatPrice(12.5, HKD)).toThrow(RangeError);
    expect(() => formatPrice(Number.NaN, HKD)).toThrow(RangeError);
    expect(() => formatPrice(2 ** 60, HKD)).toThrow(RangeError);
  });
});

describe("convertMinor", () => {
  it("converts with a decimal-string rate and rounds half away from zero", () => {
    expect(convertMinor(10000, 2, 2, "0.128")).toBe(1280);
    expect(convertMinor(1, 2, 2, "0.5")).toBe(1);
    expect(convertMinor(1, 2, 2, "0.49")).toBe(0);
    expect(convertMinor(3, 2, 2, "0.5")).toBe(2);
    expect(convertMinor(-3, 2, 2, "0.5")).toBe(-2);
    expect(convertMinor(1000, 0, 2, "0.052")).toBe(5200);
    expect(convertMinor(5200, 2, 0, "19.2307")).toBe(1000);
  });

  it("refuses malformed rates", () => {
    expect(() => convertMinor(1, 2, 2, "-1")).toThrow(RangeError);
    expect(() => convertMinor(1, 2, 2, "1e3")).toThrow(RangeError);
    expect(() => convertMinor(1, 2, 2, "")).toThrow(RangeError);
  });
});
