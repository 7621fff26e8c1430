import { parseCookie } from "cookie";

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
