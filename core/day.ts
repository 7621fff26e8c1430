import { keptAnswers } from "./kept.ts";

const dayFormats = keptAnswers<string, Intl.DateTimeFormat>(8);

/**
 * A calendar date (medium style) in UTC, for validity dates: the server's and the browser's renders agree. A
 * content page's coupons come with it written by the server (ADR 0296), so the browser's hydration makes no `Intl`
 * object for them.
 */
export function formatDay(iso: string, locale: string): string {
  const format = dayFormats(
    locale,
    () => new Intl.DateTimeFormat(locale.replace("_", "-"), { dateStyle: "medium", timeZone: "UTC" }),
  );
  return format.format(new Date(iso)).replace(/\s+/gu, " ");
}
