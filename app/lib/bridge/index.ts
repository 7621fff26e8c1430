import { createBrowserBridge } from "./browser-bridge.ts";
import { APP_CHANNEL_STORAGE_KEY, appHint, type BridgeHost, findTransport, hasAppChannel } from "./detect.ts";
import { createMessageBridge } from "./message-bridge.ts";
import type { AppBridge } from "./types.ts";

export { APP_USER_AGENT_MARKER, appHint, hasAppChannel, isAppUserAgent } from "./detect.ts";
export * from "./types.ts";

export interface BridgeEnvironment {
  host: BridgeHost;
  userAgent: string;
  search: string;
  origin?: string;
  /** sessionStorage, to remember ?channel=APP across in-app navigation. */
  storage?: Pick<Storage, "getItem" | "setItem">;
}

/** Picks the bridge for this environment: the message bridge inside the app, else the "not in app" one. */
export function createAppBridge(env: BridgeEnvironment): AppBridge {
  let remembered = false;
  try {
    if (hasAppChannel(env.search)) env.storage?.setItem(APP_CHANNEL_STORAGE_KEY, "APP");
    remembered = env.storage?.getItem(APP_CHANNEL_STORAGE_KEY) === "APP";
  } catch {
    // Storage can be disabled (private mode); the user agent and the query still count.
  }
  const transport = findTransport(env.host);
  if (!transport || !appHint({ userAgent: env.userAgent, search: env.search, remembered }))
    return createBrowserBridge();
  return createMessageBridge({ host: env.host, transport, origin: env.origin });
}

let current: AppBridge | undefined;

/** The page's bridge, created once in the browser. On the server it is always the "not in app" bridge. */
export function getAppBridge(): AppBridge {
  if (typeof window === "undefined") return createBrowserBridge();
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  current ??= createAppBridge({
    host: window as unknown as BridgeHost,
    userAgent: navigator.userAgent,
    search: window.location.search,
    origin: window.location.origin,
    storage,
  });
  return current;
}
