import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Locale } from "../../core/constants.ts";
import { pageLocale } from "../../core/locale-path.ts";
import type { CurrentCustomer } from "../modules/account/sessions.ts";
import { isApiPath } from "./api-prefixes.ts";
import { apiLocale, requestChannel, requestCurrency, requestSiteCode } from "./request-info.ts";
import { readRefreshToken, readSessionToken, type SessionToken } from "./session.ts";

/**
 * What one request says about its shopper, read once and shared by the API route or the page loaders that
 * answer it (the model is Hydrogen's `createHydrogenRouterContext`): the customer, locale, currency, channel
 * and site, plus the session it carries.
 */
export interface RequestContext {
  /** spec 7: `x-lang` for the API; spec 2: the path prefix for a page. */
  locale: Locale;
  /** spec 7: `x-currency` or the currency cookie; a page also takes the `currency` query first. */
  currency: string;
  channel: string;
  siteCode: string;
  /** The id this request is logged under and answered with (`x-request-id`). */
  requestId: string;
  /** The access token this request carries, if any (bearer header first, then the cookie; ADR 0062). */
  sessionToken: SessionToken | null;
  /** The refresh cookie, unless the client authenticates with an `Authorization` header (ADR 0092). */
  refreshToken: string | null;
  /** Session cookies get `Secure` on any host but localhost (ADR 0062). */
  secureCookies: boolean;
  /** The logged-in customer, looked up once on first use; null for a visitor. */
  customer(): Promise<CurrentCustomer | null>;
}

declare module "fastify" {
  interface FastifyRequest {
    /** This request's context, built once in onRequest (server/http/request-context.ts). */
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** The route renders pages: the locale comes from the path and the currency may come from the query. */
    page?: boolean;
  }
}

const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

export function createRequestContext(
  request: FastifyRequest,
  resolveCustomer: (accessToken: string) => Promise<CurrentCustomer | null>,
): RequestContext {
  const url = new URL(request.url, "http://request.invalid");
  // The page route also answers unknown API paths, with the API's JSON 404 in the request's x-lang.
  const page = request.routeOptions.config?.page === true && !isApiPath(url.pathname);
  const sessionToken = readSessionToken(request);
  let customer: Promise<CurrentCustomer | null> | undefined;
  return {
    locale: page ? pageLocale(url) : apiLocale(request),
    currency: requestCurrency(request, page ? url.searchParams : undefined),
    channel: requestChannel(request),
    siteCode: requestSiteCode(request),
    requestId: request.id,
    sessionToken,
    refreshToken: readRefreshToken(request),
    secureCookies: !LOCAL_HOSTS.includes(request.hostname.replace(/:\d+$/, "")),
    customer() {
      customer ??= sessionToken ? resolveCustomer(sessionToken.token) : Promise.resolve(null);
      return customer;
    },
  };
}

/** Every request, API call or page, gets its context before any other hook or handler reads it. */
export function installRequestContext(
  app: FastifyInstance,
  resolveCustomer: (accessToken: string) => Promise<CurrentCustomer | null>,
) {
  app.decorateRequest("ctx", null as unknown as RequestContext);
  app.addHook("onRequest", async (request) => {
    request.ctx = createRequestContext(request, resolveCustomer);
  });
}
