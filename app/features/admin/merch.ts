// Small helpers of the console's merchandising pages (issue 16): prices in major units on screen, minor units in
// the API; times as UTC in datetime-local fields. Reading a form's lines, codes and times back is the contracts' form
// schemas' work (ADR 0407).

/** "4.99" with 2 digits → 499; null when it is not an amount. */
export function toMinor(text: string, digits: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d+)?$/.test(trimmed)) return null;
  const minor = Math.round(Number(trimmed) * 10 ** digits);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 499 with 2 digits → "4.99". */
export function toMajor(minor: number | null | undefined, digits: number): string {
  if (minor === null || minor === undefined) return "";
  return (minor / 10 ** digits).toFixed(digits);
}

/** An ISO instant as a datetime-local value in UTC ("2026-01-01T00:00"). */
export function toLocalInput(iso: string | null | undefined): string {
  return iso ? new Date(iso).toISOString().slice(0, 16) : "";
}

export interface CurrencyInfo {
  code: string;
  rateFromBase: string;
  minorDigits: number;
  enabled: boolean;
}

/** A country's flag from its ISO code (regional indicator letters), or nothing for a region. */
export function flagOf(iso2: string | null): string {
  if (!iso2 || !/^[A-Z]{2}$/.test(iso2)) return "";
  return String.fromCodePoint(...[...iso2].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}
