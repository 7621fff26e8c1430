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
  /** A render of a store page's signed-in template: the header has the stand-in shopper (ADR 0246). */
  personalTemplate?: boolean;
}

/** One call of the console's API (/o2adm/v1) made in-process for a console page, with the page's cookies. */
export interface ConsoleApiCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The API path with its query, e.g. "/o2adm/v1/audit?page=2". */
  path: string;
  body?: unknown;
  /** x-lang of the call: its error messages come back in the console's language. */
  language?: string;
}

export interface ConsoleApiResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the JSON body of whichever endpoint was called
  body: any;
  /** The API's Set-Cookie headers (sign-in, sign-out), for the page's response to pass on. */
  setCookies: string[];
}

export interface AppLoadContext {
  services: Services;
  request: RequestInfo;
  /**
   * The console's pages call its API through this (issue 16, ADR 0224): the very same routes, permission checks
   * and audit as a browser's call, without a network hop.
   */
  consoleApi: (call: ConsoleApiCall) => Promise<ConsoleApiResult>;
}

// The Fastify server and the Vite-built server bundle load this module separately, so the context key
// lives on globalThis: both sides must hold the very same object for context.get() to find it.
const KEY = Symbol.for("esim-storefront.app-context");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppLoadContext>>>;
holder[KEY] ??= createContext<AppLoadContext>();
export const appContext = holder[KEY];
