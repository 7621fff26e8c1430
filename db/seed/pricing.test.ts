import { describe, expect, it } from "vitest";
import { pricePoint, seedPrices, usdCents } from "./pricing.ts";

describe("seed price points", () => {
  it("prices Japan like the big eSIM shops do", () => {
    expect(usdCents(1, 1024, 7)).toBe(450);
    expect(usdCents(1, 3072, 30)).toBeGreaterThanOrEqual(1000);
    expect(usdCents(1, 3072, 30)).toBeLessThanOrEqual(1200);
    expect(usdCents(1, 10240, 30)).toBeGreaterThanOrEqual(2400);
    expect(usdCents(1, 10240, 30)).toBeLessThanOrEqual(2800);
    expect(usdCents(1, null, 5)).toBe(2500);
  });

  it("charges more for remote destinations and longer validity", () => {
    expect(usdCents(2.6, 1024, 7)).toBeGreaterThan(usdCents(1, 1024, 7));
    expect(usdCents(1, 5120, 90)).toBeGreaterThan(usdCents(1, 5120, 30));
  });

  it("rounds each currency to a real price point in integer minor units", () => {
    expect(pricePoint(450, "HKD")).toBe(3500);
    expect(pricePoint(450, "JPY")).toBe(680);
    expect(pricePoint(450, "EUR") % 50).toBe(49);
    expect(pricePoint(450, "CNY") % 100).toBe(0);
    for (const price of seedPrices(1234, 20)) expect(Number.isInteger(price.unitPrice)).toBe(true);
  });

  it("gives a struck-through price only above the selling price", () => {
    for (const price of seedPrices(2600, 20)) expect(price.displayPrice!).toBeGreaterThan(price.unitPrice);
    for (const price of seedPrices(2600, 0)) expect(price.displayPrice).toBeNull();
  });
});
