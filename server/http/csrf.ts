import type { FastifyInstance, FastifyRequest } from "fastify";
import { ACCESS_TOKEN_COOKIE, LOCALES, REFRESH_TOKEN_COOKIE } from "../../core/constants.ts";
import { ApiError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface CsrfOptions {
  /** The site's own origin when it sits behind a proxy that rewrites Host (PUBLIC_ORIGIN). */
  publicOrigin?: string;
  /** GET paths that change state anyway (spec 7 puts logout on GET). */
  stateChangingGets?: string[];
  /** Other realms' session cookies that make a request cookie-authenticated (the console's, issue 16). */
  sessionCookies?: string[];
}

function sameOrigin(request: FastifyRequest, publicOrigin?: string): boolean {
  if (request.headers["sec-fetch-site"] === "same-origin") return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (publicOrigin && origin === new URL(publicOrigin).origin) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/** The login page, /login or /{lang}/login: Sign in with Apple's redirect target (spec 2). */
const LOGIN_PAGE = new RegExp(`^/(?:(?:${LOCALES.join("|")})/)?login$`);

/** A form post to the login page, before its body is read: it may be Apple's form_post redirect. */
function mayBeAppleFormPost(request: FastifyRequest, path: string): boolean {
  const type = request.headers["content-type"] ?? "";
  return (
    request.method === "POST" &&
    LOGIN_PAGE.test(path) &&
    type.split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded"
  );
}

/** The body (raw, as the page routes keep it, or parsed) carries a non-empty id_token field. */
function hasIdToken(body: unknown): boolean {
  if (Buffer.isBuffer(body) || typeof body === "string") {
    if (body.length > 16_384) return false;
    return Boolean(new URLSearchParams(body.toString()).get("id_token"));
  }
  if (typeof body === "object" && body !== null) {
    const value = (body as Record<string, unknown>).id_token;
    return typeof value === "string" && value.length > 0;
  }
  return false;
}

/**
 * CSRF (architecture: security model; ADR 0062). A state-changing request that authenticates with the session
 * cookies must show it comes from our own pages: `x-requested-with: fetch` (which a cross-site form cannot
 * set without a CORS preflight we never grant), or a same-origin Sec-Fetch-Site or Origin. Bearer requests
 * carry no ambient credential and are exempt. A browser request that says it is cross-site is refused even
 * without cookies, so no other site can log a shopper into an account of its choosing.
 *
 * One exception (ADR 0093): Sign in with Apple's `response_mode=form_post` posts the ID token cross-site to the
 * login page. A urlencoded POST to /login or /{lang}/login whose body has an `id_token` field passes; the page's
 * action only hands the token to the browser, which sends it to open-token like any other sign-in. The body is
 * read before that is decided, so the check for such a post waits until preHandler.
 */
export function installCsrfProtection(app: FastifyInstance, options: CsrfOptions = {}) {
  const gets = new Set(options.stateChangingGets ?? []);
  const awaitingBody = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0]!;
    if (SAFE_METHODS.has(request.method) && !gets.has(path)) return;
    if (request.headers.authorization) return;
    const fromPage =
      request.headers["x-requested-with"] === "fetch" || sameOrigin(request, options.publicOrigin);
    if (fromPage) return;
    const cookies = request.cookies ?? {};
    const cookieAuthenticated =
      Boolean(cookies[ACCESS_TOKEN_COOKIE] || cookies[REFRESH_TOKEN_COOKIE]) ||
      (options.sessionCookies ?? []).some((name) => Boolean(cookies[name]));
    if (request.headers["sec-fetch-site"] !== "cross-site" && !cookieAuthenticated) return;
    if (mayBeAppleFormPost(request, path)) {
      awaitingBody.add(request);
      return;
    }
    throw new ApiError(403, "error.csrf");
  });
  app.addHook("preHandler", async (request) => {
    if (!awaitingBody.has(request)) return;
    awaitingBody.delete(request);
    if (!hasIdToken(request.body)) throw new ApiError(403, "error.csrf");
  });
}
