import {
  CURRENCY_COOKIE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  type Locale,
} from "../../core/constants.ts";
import { switchLocale } from "../../core/locale-path.ts";

/** spec 4, 9: a remembered choice lives 365 days on the whole site, SameSite Lax. */
export function preferenceCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

export interface PreferenceChoice {
  locale: Locale;
  currency: string;
}

/**
 * Where applying a language/currency choice leads (spec 4): the same page in the chosen locale, with the
 * `currency` query that the root loader reads first, keeping the other query parameters and the hash.
 */
export function preferenceTarget(
  location: { pathname: string; search: string; hash: string },
  choice: PreferenceChoice,
): string {
  const query = new URLSearchParams(location.search);
  query.set("currency", choice.currency);
  return switchLocale(location.pathname, `?${query.toString()}`, choice.locale) + location.hash;
}

/** Stores the choice so later visits (and the server's currency fallback) keep it. */
export function savePreferences(choice: PreferenceChoice): void {
  document.cookie = preferenceCookie(CURRENCY_COOKIE, choice.currency);
  document.cookie = preferenceCookie(LOCALE_COOKIE, choice.locale);
}
