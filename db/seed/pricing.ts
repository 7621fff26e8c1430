// Seed price points (ADR 0012): a US-dollar price from data, validity and the destination's price level,
// then one price per currency rounded the way shops round (HK$35, ¥32, €3.99, JP¥680). Integer minor units.

import { convert, type RatedCurrency } from "../../core/pricing.ts";

export const SEED_CURRENCIES = ["HKD", "USD", "CNY", "EUR", "JPY"] as const;
export type SeedCurrency = (typeof SEED_CURRENCIES)[number];

/**
 * Market rates per US dollar, consistent with the currency table's rates from HKD, as the pricing module's
 * rated currencies (the base here is the US dollar).
 */
const PER_USD: Record<SeedCurrency, RatedCurrency> = {
  USD: { minorDigits: 2, rateFromBase: "1" },
  HKD: { minorDigits: 2, rateFromBase: "7.8" },
  CNY: { minorDigits: 2, rateFromBase: "7.2" },
  EUR: { minorDigits: 2, rateFromBase: "0.92" },
  JPY: { minorDigits: 0, rateFromBase: "150" },
};

function validityFactor(days: number): number {
  if (days <= 1) return 0.55;
  if (days <= 3) return 0.85;
  if (days <= 7) return 1;
  if (days <= 10) return 1.05;
  if (days <= 15) return 1.1;
  if (days <= 30) return 1.25;
  if (days <= 60) return 1.5;
  if (days <= 90) return 1.7;
  if (days <= 180) return 2.1;
  return 2.6;
}

/**
 * A plan's price in US cents. Calibrated on Japan (level 1): 1GB/7d ≈ $4.50, 3GB/30d ≈ $11, 10GB/30d ≈ $26,
 * unlimited 5 days ≈ $25.
 */
export function usdCents(priceLevel: number, dataMb: number | null, validityDays: number): number {
  let dollars: number;
  if (dataMb === null) {
    dollars = 8.78 * validityDays ** 0.65;
  } else {
    const gb = dataMb / 1024;
    dollars = (1.5 + 3.0 * gb ** 0.8) * validityFactor(validityDays);
  }
  dollars *= priceLevel;
  // Whole dollars above $20, half dollars below; never under a dollar.
  const step = dollars >= 20 ? 1 : 0.5;
  return Math.max(100, Math.round(dollars / step) * step * 100);
}

/**
 * A US price expressed in a currency's minor units at a shop-like price point: converted and rounded half up to
 * the price point's step in one rounding by the pricing module (core/pricing.ts, ADR 0398).
 */
export function pricePoint(usdCentsAmount: number, currency: SeedCurrency): number {
  const at = (step: number) =>
    convert(usdCentsAmount, PER_USD.USD, PER_USD[currency], { mode: "half-up", step });
  switch (currency) {
    case "USD":
      return usdCentsAmount;
    case "HKD":
      // Whole dollars, whole fives from HK$100.
      return at(100) >= 10_000 ? at(500) : Math.max(800, at(100));
    case "CNY":
      return Math.max(700, at(100));
    case "EUR":
      // €x.99 / €x.49 endings
      return Math.max(99, at(50) - 1);
    case "JPY":
      // Whole tens, whole fifties from ¥1,000.
      return at(10) >= 1000 ? at(50) : Math.max(150, at(10));
  }
}

export interface SeedPrice {
  currencyCode: SeedCurrency;
  unitPrice: number;
  displayPrice: number | null;
}

/** Prices in every seed currency; with a discount, displayPrice is the struck-through original. */
export function seedPrices(usd: number, discountPercent: number): SeedPrice[] {
  const originalUsd = discountPercent > 0 ? Math.round(usd / (1 - discountPercent / 100) / 50) * 50 : 0;
  return SEED_CURRENCIES.map((currencyCode) => {
    const unitPrice = pricePoint(usd, currencyCode);
    const original = originalUsd > usd ? pricePoint(originalUsd, currencyCode) : 0;
    return { currencyCode, unitPrice, displayPrice: original > unitPrice ? original : null };
  });
}
