import { CURRENCY_COOKIE, type Locale } from "../../core/constants.ts";
import { localeCookie, preferenceCookie } from "../../core/cookies.ts";
import { switchLocale } from "../../core/locale-path.ts";

export { preferenceCookie };

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
  document.cookie = localeCookie(choice.locale);
}
