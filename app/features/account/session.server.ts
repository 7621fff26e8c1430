import { redirect } from "react-router";
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "../../../core/constants.ts";
import { localePath, splitLocale } from "../../../core/locale-path.ts";
import type { CurrentCustomer } from "../../../server/modules/account/sessions.ts";
import type { AppLoadContext } from "../../context.ts";

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("=")) || null;
  }
  return null;
}

/** The access token of a page request: `Authorization: Bearer` (native app) first, then the HttpOnly cookie. */
export function pageAccessToken(request: Request): string | null {
  const authorization = request.headers.get("authorization");
  if (authorization) return /^Bearer\s+([A-Za-z0-9_-]{16,200})$/i.exec(authorization)?.[1] ?? null;
  return readCookie(request, ACCESS_TOKEN_COOKIE);
}

/** The page the shopper asked for (a data request's .data suffix and _routes parameter removed). */
export function pagePath(url: URL): string {
  const query = new URLSearchParams(url.search);
  query.delete("_routes");
  const search = query.toString();
  return url.pathname.replace(/\.data$/, "") + (search ? `?${search}` : "");
}

/** The same attributes as the API's session cookies (server/http/session.ts, ADR 0062). */
function sessionCookie(url: URL, name: string, value: string, maxAge: number): string {
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) || process.env.NODE_ENV === "test";
  return `${name}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${local ? "" : "; Secure"}`;
}

/**
 * The access token lives 2 hours, its cookie as long; the refresh cookie 30 days. A page request that has only
 * the refresh cookie (or a dead access token) rotates the pair once and comes back to the same URL with new
 * cookies; a refresh token that no longer works is cleared, so the shopper is a visitor from then on (ADR 0092).
 */
async function refreshedOrNull(app: AppLoadContext, request: Request, url: URL): Promise<null> {
  const refreshToken = readCookie(request, REFRESH_TOKEN_COOKIE);
  if (!refreshToken || request.headers.get("authorization")) return null;
  const headers = new Headers();
  try {
    const tokens = await app.services.account.refresh(refreshToken, {
      ip: "",
      userAgent: request.headers.get("user-agent") ?? undefined,
      locale: app.request.locale,
    });
    headers.append(
      "set-cookie",
      sessionCookie(url, ACCESS_TOKEN_COOKIE, tokens.accessToken, tokens.expiresIn),
    );
    headers.append(
      "set-cookie",
      sessionCookie(url, REFRESH_TOKEN_COOKIE, tokens.refreshToken, tokens.refreshExpiresIn),
    );
  } catch {
    headers.append("set-cookie", sessionCookie(url, ACCESS_TOKEN_COOKIE, "", 0));
    headers.append("set-cookie", sessionCookie(url, REFRESH_TOKEN_COOKIE, "", 0));
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
    customer = app.services.account
      .currentCustomer(pageAccessToken(request))
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
