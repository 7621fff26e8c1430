import { keptAnswers } from "../../../core/kept.ts";
import type { CurrencyFormat } from "../../../core/money.ts";

/**
 * Dates and times on the order and coupon pages. They render on the server and again in the browser, so both
 * use UTC and say so: the same text on both sides, and no guessing which zone a time is in (ADR 0116).
 */
const formats = keptAnswers<string, Intl.DateTimeFormat>(16);

function formatter(locale: string, withTime: boolean) {
  return formats(
    `${locale}|${withTime}`,
    () =>
      new Intl.DateTimeFormat(locale.replace("_", "-"), {
        dateStyle: "medium",
        ...(withTime ? { timeStyle: "short", hourCycle: "h23" as const } : {}),
        timeZone: "UTC",
      }),
  );
}

/**
 * ICU versions differ in the spaces they put between parts (Node's ICU gives zh-HK a thin space U+2009 where
 * Chromium's gives another), and a different character is a hydration mismatch (React #418): one plain space.
 */
export function sameSpaces(text: string): string {
  return text.replace(/\s+/gu, " ");
}

export function formatDateTime(iso: string, locale: string): string {
  return `${sameSpaces(formatter(locale, true).format(new Date(iso)))} UTC`;
}

/** The currency format of an amount in `currencyCode`, from the site's currency list; null when unknown. */
export function currencyFormat(
  list: readonly { currencyCode: string; currencySymbol: string; minorDigits: number }[],
  currencyCode: string,
  fallbackSymbol?: string,
): CurrencyFormat {
  const found = list.find((c) => c.currencyCode === currencyCode);
  return found
    ? { currencySymbol: found.currencySymbol, minorDigits: found.minorDigits }
    : { currencySymbol: fallbackSymbol ?? currencyCode, minorDigits: 2 };
}
