import { createContext } from "react-router";
import type { RequestContext } from "../server/http/request-context.ts";
import type { Services } from "../server/services.ts";

/**
 * What the server knows about this page request, shared with route loaders: the same request context the API
 * routes read (customer, locale, currency, channel; server/http/request-context.ts), plus the page's CSP nonce
 * and public origin.
 */
export interface RequestInfo extends RequestContext {
  nonce: string;
  origin: string;
}

export interface AppLoadContext {
  services: Services;
  request: RequestInfo;
}

// The Fastify server and the Vite-built server bundle load this module separately, so the context key
// lives on globalThis: both sides must hold the very same object for context.get() to find it.
const KEY = Symbol.for("esim-storefront.app-context");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppLoadContext>>>;
holder[KEY] ??= createContext<AppLoadContext>();
export const appContext = holder[KEY];
