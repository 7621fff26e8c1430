import { parseCookie } from "cookie";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from "./constants.ts";

/*
 * The one reader of a Cookie header, for page code on the server (a loader's Request) and in the browser
 * (document.cookie). It is the parser @fastify/cookie gives the API (`request.cookies`), so both sides read a
 * cookie the same way: first occurrence wins, values percent-decoded.
 */

/** Every cookie of a Cookie header (or document.cookie). */
export function parseCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

/** One cookie's value; undefined when the header does not carry it. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  return parseCookies(header)[name];
}

/**
 * spec 4, 9: a remembered choice (the locale, the currency) lives 365 days on the whole site, SameSite Lax. The
 * one writer of those cookies: a Set-Cookie value on the server, a `document.cookie` assignment in the browser.
 */
export function preferenceCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/** spec 2: the locale a shopper chose before (the `i18n_redirected` cookie); undefined when none or not one. */
export function readLocaleCookie(header: string | null | undefined): Locale | undefined {
  const value = readCookie(header, LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
}

/** The cookie that remembers `locale` for the next visit to the root path (spec 2). */
export function localeCookie(locale: Locale): string {
  return preferenceCookie(LOCALE_COOKIE, locale);
}
