import { createContext } from "react-router";
import type { Locale } from "../core/constants.ts";
import type { Services } from "../server/services.ts";

/** What the server knows about this request, shared with route loaders. */
export interface RequestInfo {
  locale: Locale;
  currency: string;
  channel: string;
  siteCode: string;
  nonce: string;
  origin: string;
  requestId: string;
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
