import type { Locale } from "../../core/constants.ts";
import { keptAnswers } from "../../core/kept.ts";

const BCP47: Record<Locale, string> = { en_US: "en-US", zh_CN: "zh-CN", zh_HK: "zh-HK" };

/** Three locales and the zones a page names ("UTC" on the server, the shopper's own in the browser). */
const formats = keptAnswers<string, Intl.DateTimeFormat>(16);

/** How a page writes a date and time: the zone's name only when it is UTC (the server's rendering). */
export function timeFormatOptions(timeZone: string | undefined): Intl.DateTimeFormatOptions {
  return {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: timeZone === "UTC" ? "short" : undefined,
  };
}

/**
 * A locale's and time zone's formatter, made once: making one costs far more than using it (an order list of 20
 * made one per order, 12 % of the page's server time, ADR 0303).
 */
function formatterFor(locale: Locale, timeZone: string | undefined): Intl.DateTimeFormat {
  return formats(
    `${locale} ${timeZone ?? ""}`,
    () => new Intl.DateTimeFormat(BCP47[locale], timeFormatOptions(timeZone)),
  );
}

/**
 * A date and time for the page. The server formats in UTC (and says so) so the first render is the same on
 * both sides; the browser then shows it in the shopper's own time zone (LocalTime.tsx).
 */
export function formatTime(iso: string, locale: Locale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatterFor(locale, timeZone).format(date).replace(/\s+/gu, " ");
}

/** A calendar date (medium style) in UTC (core/day.ts). */
export { formatDay } from "../../core/day.ts";
