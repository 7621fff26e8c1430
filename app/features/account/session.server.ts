import { stringifySetCookie } from "cookie";
import { redirect } from "react-router";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "../../../core/constants.ts";
import { localePath, splitLocale } from "../../../core/locale-path.ts";
import { sessionCookieAttributes } from "../../../server/http/session.ts";
import type { CurrentCustomer } from "../../../server/modules/account/sessions.ts";
import type { AppLoadContext } from "../../context.ts";

/** The page the shopper asked for (a data request's .data suffix and _routes parameter removed). */
export function pagePath(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  return url.pathname.replace(/\.data$/, "") + (search ? `?${search}` : "");
}

/** The same cookie as the API sets (server/http/session.ts, ADR 0062); an empty value with age 0 clears it. */
function sessionCookie(app: AppLoadContext, name: string, value: string, maxAge: number): string {
  return stringifySetCookie({ name, value, maxAge, ...sessionCookieAttributes(app.request.secureCookies) });
}

/**
 * The access token lives 2 hours, its cookie as long; the refresh cookie 30 days. A page request that has only
 * the refresh cookie (or a dead access token) rotates the pair once and comes back to the same URL with new
 * cookies; a refresh token that no longer works is cleared, so the shopper is a visitor from then on (ADR 0092).
 */
async function refreshedOrNull(app: AppLoadContext, request: Request, url: URL): Promise<null> {
  const { refreshToken } = app.request;
  if (!refreshToken) return null;
  const headers = new Headers();
  try {
    const tokens = await app.services.account.refresh(refreshToken, {
      ip: "",
      userAgent: request.headers.get("user-agent") ?? undefined,
      locale: app.request.locale,
    });
    headers.append(
      "set-cookie",
      sessionCookie(app, ACCESS_TOKEN_COOKIE, tokens.accessToken, tokens.expiresIn),
    );
    headers.append(
      "set-cookie",
      sessionCookie(app, REFRESH_TOKEN_COOKIE, tokens.refreshToken, tokens.refreshExpiresIn),
    );
  } catch {
    headers.append("set-cookie", sessionCookie(app, ACCESS_TOKEN_COOKIE, "", 0));
    headers.append("set-cookie", sessionCookie(app, REFRESH_TOKEN_COOKIE, "", 0));
  }
  throw redirect(pagePath(url), { headers });
}

// One lookup per request even when the root loader and a guard both ask (loaders run in parallel).
const resolved = new WeakMap<Request, Promise<CurrentCustomer | null>>();

/** The logged-in customer of a page request, or null for a visitor. May throw the refresh redirect. */
export function pageCustomer(
  app: AppLoadContext,
  request: Request,
  url: URL,
): Promise<CurrentCustomer | null> {
  let customer = resolved.get(request);
  if (!customer) {
    customer = app.request
      .customer()
      .catch(() => null)
      .then((found) => found ?? refreshedOrNull(app, request, url));
    resolved.set(request, customer);
  }
  return customer;
}

/**
 * Guard for /my and protected /ucenter pages: a visitor (or an expired or invalid session) goes to
 * /login?pageFrom=<this page> first, and returns after logging in (spec 2, 6; ADR 0092).
 */
export async function requirePageCustomer(
  app: AppLoadContext,
  request: Request,
  url: URL,
): Promise<CurrentCustomer> {
  const customer = await pageCustomer(app, request, url);
  if (customer) return customer;
  const { locale } = splitLocale(url.pathname);
  throw redirect(`${localePath(locale, "/login", true)}?pageFrom=${encodeURIComponent(pagePath(url))}`);
}
