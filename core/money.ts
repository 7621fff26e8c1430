/** Money is integer minor units plus a currency code, never a float (architecture: Data). */
export interface Money {
  amount: number;
  currency: string;
}

export interface CurrencyFormat {
  currencySymbol: string;
  minorDigits: number;
}

/**
 * spec 1: prices show a currency symbol and, when decimals are requested, thousands separators and 2 decimals
 * (a zero-decimal currency such as JPY shows none). Without decimals, whole amounts drop the fraction.
 */
export function formatPrice(amountMinor: number, currency: CurrencyFormat, withDecimals = true): string {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`amount must be integer minor units: ${amountMinor}`);
  const digits = currency.minorDigits;
  const negative = amountMinor < 0;
  const abs = Math.abs(amountMinor);
  const scale = 10 ** digits;
  const whole = Math.floor(abs / scale);
  const fraction = abs % scale;
  let text: string;
  if (withDecimals) {
    const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    text = digits > 0 ? `${grouped}.${fraction.toString().padStart(digits, "0")}` : grouped;
  } else {
    text =
      fraction === 0
        ? whole.toString()
        : `${whole}.${fraction.toString().padStart(digits, "0").replace(/0+$/, "")}`;
  }
  return `${negative ? "-" : ""}${currency.currencySymbol}${text}`;
}

/** Conversion and rounding live in one place: core/pricing.ts (ADR 0398). */
export { convertMinor } from "./pricing.ts";

/** An amount typed in major units ("9.50") as minor units with `digits` decimals; null when it is not one. */
export function toMinorUnits(text: string, digits: number): number | null {
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}
