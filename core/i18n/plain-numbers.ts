import type { Formatters } from "intl-messageformat";
import { keptAnswers } from "../kept.ts";

/**
 * intl-messageformat's formatters (its `Formatters` hook) without `Intl` for what our messages format on a page's
 * first render (ADR 0296): a plural's `#` and its category for a small whole number. A page's first `Intl` call costs
 * 9–20 ms (ICU loads its number or plural data), and hydration made one for a "219 destinations" or "7 days".
 *
 * Every locale we ship (en-US, zh-CN, zh-HK) writes a whole number below 1,000 as its plain ASCII digits (no
 * grouping, no other numbering system), and their cardinal plural rules for a whole number are en: `one` for 1,
 * `other` otherwise; zh: `other`. Anything else (a fraction, a negative or large number, an option, an ordinal,
 * another locale) goes to `Intl`, made once per locale and options.
 */

const PLAIN_DIGITS = new Set(["en", "zh"]);
/** Below this a whole number has no grouping separator in any of our locales. */
const PLAIN_BELOW = 1000;

type Locales = Intl.LocalesArgument;

function language(locales?: Locales): string | undefined {
  const tag: unknown = Array.isArray(locales) ? locales[0] : locales;
  return tag === undefined ? undefined : String(tag).split(/[-_]/)[0]?.toLowerCase();
}

function isSmallWhole(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < PLAIN_BELOW;
}

/** Formatters by their locales and options (as JSON): three locales and the few options our messages use. */
const numberFormats = keptAnswers<string, Intl.NumberFormat>(64);
const pluralRules = keptAnswers<string, Intl.PluralRules>(64);
const dateTimeFormats = keptAnswers<string, Intl.DateTimeFormat>(64);

function intlNumberFormat(locales?: Locales, options?: Intl.NumberFormatOptions) {
  return numberFormats(JSON.stringify([locales, options]), () => new Intl.NumberFormat(locales, options));
}

function intlPluralRules(locales?: Locales, options?: Intl.PluralRulesOptions) {
  return pluralRules(JSON.stringify([locales, options]), () => new Intl.PluralRules(locales, options));
}

/** `format` of a number as `Intl.NumberFormat` with no options would give it; `Intl` only when needed. */
export function formatPlainNumber(value: number | bigint, locales?: Locales): string {
  if (typeof value === "number" && isSmallWhole(value) && PLAIN_DIGITS.has(language(locales) ?? ""))
    return String(value);
  return intlNumberFormat(locales).format(value);
}

/** The cardinal plural category `Intl.PluralRules` would give; `Intl` only when needed. */
export function pluralCategory(value: number, locales?: Locales): Intl.LDMLPluralRule {
  const lang = language(locales);
  if (Number.isSafeInteger(value) && value >= 0) {
    if (lang === "zh") return "other";
    if (lang === "en") return value === 1 ? "one" : "other";
  }
  return intlPluralRules(locales).select(value);
}

export const plainFormatters: Formatters = {
  getNumberFormat(locales, options) {
    if (options && Object.keys(options).length > 0) return intlNumberFormat(locales, options);
    return { format: (value: number | bigint) => formatPlainNumber(value, locales) } as Intl.NumberFormat;
  },
  getPluralRules(locales, options) {
    if (options?.type === "ordinal") return intlPluralRules(locales, options);
    return { select: (value: number) => pluralCategory(value, locales) } as Intl.PluralRules;
  },
  getDateTimeFormat(locales, options) {
    return dateTimeFormats(
      JSON.stringify([locales, options]),
      () => new Intl.DateTimeFormat(locales, options),
    );
  },
};
