/*
 * Are we inside the native app? (ADR 0021)
 * - The app marks its web view's user agent with "RoamlyApp/<version>" and may open pages with ?channel=APP.
 *   Either is a hint the server can read for the first render (e.g. hide the app-download banner, spec 4).
 * - The bridge is available only when a hint is present AND a transport exists: a hint alone cannot carry
 *   messages, and a transport alone may belong to another app embedding the page.
 */

export const APP_USER_AGENT_MARKER = /\bRoamlyApp\/\d+(?:\.\d+)*/;
export const APP_CHANNEL = "APP";
/** sessionStorage key: in-app navigation drops ?channel=APP, so the first sighting is remembered. */
export const APP_CHANNEL_STORAGE_KEY = "esim.channel";

export type TransportKind = "react-native" | "webkit" | "android";

export interface Transport {
  kind: TransportKind;
  send(message: string): void;
}

/** The parts of `window` the bridge reads; a test passes its own. */
export interface BridgeHost {
  ReactNativeWebView?: { postMessage(message: string): void };
  webkit?: { messageHandlers?: { esimBridge?: { postMessage(message: unknown): void } } };
  EsimAndroidBridge?: { postMessage(message: string): void };
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  document?: {
    addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
    removeEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  };
  __esimBridgeReceive?: (message: unknown) => void;
}

export function isAppUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && APP_USER_AGENT_MARKER.test(userAgent);
}

export function hasAppChannel(search: string | null | undefined): boolean {
  if (!search) return false;
  return new URLSearchParams(search).get("channel")?.toUpperCase() === APP_CHANNEL;
}

/** For the server's first render and the browser alike: does this request look like it comes from the app? */
export function appHint(input: { userAgent?: string | null; search?: string | null; remembered?: boolean }) {
  return isAppUserAgent(input.userAgent) || hasAppChannel(input.search) || input.remembered === true;
}

/** Finds how to reach the app: React Native WebView, an iOS WKWebView handler, or an Android interface. */
export function findTransport(host: BridgeHost): Transport | null {
  const rn = host.ReactNativeWebView;
  if (rn && typeof rn.postMessage === "function")
    return { kind: "react-native", send: (message) => rn.postMessage(message) };
  const ios = host.webkit?.messageHandlers?.esimBridge;
  if (ios && typeof ios.postMessage === "function")
    return { kind: "webkit", send: (message) => ios.postMessage(message) };
  const android = host.EsimAndroidBridge;
  if (android && typeof android.postMessage === "function")
    return { kind: "android", send: (message) => android.postMessage(message) };
  return null;
}

/**
 * In the browser: would getAppBridge() give the app's bridge (a hint, remembered or not, and a transport)? Asked
 * without loading the bridge, so pages import it on demand only inside the app (ADR 0288).
 */
export function inAppWebView(): boolean {
  if (typeof window === "undefined") return false;
  let remembered = false;
  try {
    remembered = window.sessionStorage.getItem(APP_CHANNEL_STORAGE_KEY) === APP_CHANNEL;
  } catch {
    // Storage can be disabled (private mode); the user agent and the query still count.
  }
  if (!appHint({ userAgent: navigator.userAgent, search: window.location.search, remembered })) return false;
  return findTransport(window as unknown as BridgeHost) !== null;
}
