import { DEFAULT_CURRENCY, DEFAULT_LOCALE, isLocale, type Locale } from "../../../core/constants.ts";
import { localeFromAcceptLanguage } from "../../../core/locale-path.ts";
import { isScriptUrl } from "../../../core/url-safety.ts";
import type { BridgeHost, Transport } from "./detect.ts";
import {
  type AppBaseInfo,
  type AppBridge,
  BridgeError,
  type DeviceInfo,
  type EsimInstallResult,
  NATIVE_PAGES,
  type NativeLoginResult,
  type NativePayResult,
} from "./types.ts";

/*
 * The message-passing bridge (ADR 0021). Web to app: a JSON string
 *   {"bridge":"esim","version":1,"id":"<unguessable>","method":"getBaseInfo","params":{...}}
 * App to web, as a "message" event on window or document, or a call to window.__esimBridgeReceive:
 *   {"bridge":"esim","id":"...","ok":true,"result":{...}}   or   {"bridge":"esim","id":"...","ok":false,
 *   "error":{"code":"unsupported"|"...","message":"..."}}   or an unasked event {"bridge":"esim","event":"resume"}
 */

export const BRIDGE_TAG = "esim";
export const BRIDGE_VERSION = 1;
/** Calls the app answers at once. */
export const QUICK_TIMEOUT_MS = 5_000;
/** Calls that wait for the shopper (login, pay, share, install). */
export const INTERACTIVE_TIMEOUT_MS = 10 * 60_000;

export interface MessageBridgeOptions {
  host: BridgeHost;
  transport: Transport;
  quickTimeoutMs?: number;
  interactiveTimeoutMs?: number;
  /** Id source; defaults to crypto.randomUUID so another frame cannot guess a pending id. */
  newId?: () => string;
  /** The storefront origin, to resolve relative URLs for openPdf/openWebPage. */
  origin?: string;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: BridgeError) => void;
  timer: ReturnType<typeof setTimeout>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parse(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  return isRecord(value) && value.bridge === BRIDGE_TAG ? value : null;
}

function normaliseLocale(value: unknown): Locale {
  if (isLocale(value)) return value;
  if (typeof value === "string") return localeFromAcceptLanguage(value) ?? DEFAULT_LOCALE;
  return DEFAULT_LOCALE;
}

function expectRecord(value: unknown, method: string): Record<string, unknown> {
  if (!isRecord(value)) throw new BridgeError("bad_reply", `${method}: expected an object`);
  return value;
}

function pick<T extends string>(value: unknown, allowed: readonly T[], method: string): T {
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  throw new BridgeError("bad_reply", `${method}: unexpected status ${String(value)}`);
}

/** The app's base info in our terms: a known locale (zh-TW → zh_HK) and an upper-case currency code. */
export function normaliseBaseInfo(value: Record<string, unknown>): AppBaseInfo {
  const currency = typeof value.currencyCode === "string" ? value.currencyCode.toUpperCase() : "";
  return {
    locale: normaliseLocale(value.locale),
    currencyCode: /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY,
  };
}

export function createMessageBridge(options: MessageBridgeOptions): AppBridge & { dispose(): void } {
  const { host, transport } = options;
  const quickMs = options.quickTimeoutMs ?? QUICK_TIMEOUT_MS;
  const interactiveMs = options.interactiveTimeoutMs ?? INTERACTIVE_TIMEOUT_MS;
  const newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  const pending = new Map<string, Pending>();
  const listeners = new Map<string, Set<(payload: never) => void>>();

  function receive(raw: unknown) {
    const message = parse(raw);
    if (!message) return;
    if (typeof message.event === "string") {
      const raw = isRecord(message.payload) ? message.payload : {};
      // Base info reaches listeners in the same terms as getBaseInfo's answer.
      const payload = message.event === "baseInfoChanged" ? normaliseBaseInfo(raw) : raw;
      for (const listener of listeners.get(message.event) ?? []) listener(payload as never);
      return;
    }
    const id = typeof message.id === "string" ? message.id : null;
    const call = id ? pending.get(id) : undefined;
    if (!id || !call) return;
    pending.delete(id);
    clearTimeout(call.timer);
    if (message.ok === true) {
      call.resolve(message.result);
      return;
    }
    const error = isRecord(message.error) ? message.error : {};
    const code = error.code === "unsupported" ? "unsupported" : "native_error";
    call.reject(new BridgeError(code, typeof error.message === "string" ? error.message : code));
  }

  // Replies from the app arrive as events with no source window; a message posted by another frame (an
  // iframe in a custom-html block, say) has one and is ignored.
  const onMessage = (event: MessageEvent) => {
    if (event.source) return;
    receive(event.data);
  };
  host.addEventListener("message", onMessage);
  host.document?.addEventListener("message", onMessage);
  host.__esimBridgeReceive = receive;

  function call<T>(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const id = newId();
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new BridgeError("timeout", `${method} timed out`));
      }, timeoutMs);
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      try {
        transport.send(JSON.stringify({ bridge: BRIDGE_TAG, version: BRIDGE_VERSION, id, method, params }));
      } catch {
        pending.delete(id);
        clearTimeout(timer);
        reject(new BridgeError("not_in_app", `${method}: the app did not take the message`));
      }
    });
  }

  function pageUrl(url: string, method: string): string {
    if (isScriptUrl(url)) throw new BridgeError("refused", `${method}: script URLs are never opened`);
    let resolved: URL;
    try {
      resolved = new URL(url, options.origin);
    } catch {
      throw new BridgeError("refused", `${method}: not a URL`);
    }
    if (resolved.protocol !== "https:" && resolved.protocol !== "http:")
      throw new BridgeError("refused", `${method}: only http(s) pages`);
    return resolved.href;
  }

  return {
    available: true,

    async closeWebView() {
      await call("closeWebView", {}, quickMs);
    },

    async getBaseInfo(): Promise<AppBaseInfo> {
      return normaliseBaseInfo(expectRecord(await call("getBaseInfo", {}, quickMs), "getBaseInfo"));
    },

    async openPdf(input) {
      await call("openPdf", { url: pageUrl(input.url, "openPdf"), title: input.title }, quickMs);
    },

    async navigate(code, params = {}) {
      if (!(NATIVE_PAGES as readonly string[]).includes(code))
        throw new BridgeError("refused", `navigate: unknown native page ${code}`);
      // spec 2: the navigation payload {code, params} is sent as {route, args}.
      await call("navigate", { route: code, args: params }, quickMs);
    },

    async openLogin(input = {}): Promise<NativeLoginResult> {
      const reply = expectRecord(await call("openLogin", input, interactiveMs), "openLogin");
      const token = isRecord(reply.token) && typeof reply.token.accessToken === "string" ? reply.token : null;
      return {
        loggedIn: reply.loggedIn === true,
        ...(token
          ? {
              token: {
                accessToken: token.accessToken as string,
                refreshToken: typeof token.refreshToken === "string" ? token.refreshToken : undefined,
                expiresIn: typeof token.expiresIn === "number" ? token.expiresIn : undefined,
              },
            }
          : {}),
      };
    },

    async pay(input): Promise<NativePayResult> {
      // The app opens the payment page outside this document, so a page of ours (the sandbox's hosted page is
      // served relative to the store) goes as an absolute address; a script URL is never handed over.
      const params = input.paymentUrl
        ? { ...input, paymentUrl: pageUrl(input.paymentUrl, "pay") }
        : { ...input };
      const reply = expectRecord(await call("pay", params, interactiveMs), "pay");
      return { status: pick(reply.status, ["success", "cancelled", "failed", "pending"] as const, "pay") };
    },

    async share(input) {
      const reply = await call("share", { ...input, url: pageUrl(input.url, "share") }, interactiveMs);
      return { shared: isRecord(reply) && reply.shared === true };
    },

    async getDeviceInfo(): Promise<DeviceInfo> {
      const reply = expectRecord(await call("getDeviceInfo", {}, quickMs), "getDeviceInfo");
      const platform = reply.platform === "ios" || reply.platform === "android" ? reply.platform : "unknown";
      return {
        platform,
        osVersion: String(reply.osVersion ?? ""),
        appVersion: String(reply.appVersion ?? ""),
        ...(typeof reply.model === "string" ? { model: reply.model } : {}),
      };
    },

    async openWebPage(input) {
      await call("openWebPage", { url: pageUrl(input.url, "openWebPage"), title: input.title }, quickMs);
    },

    async installEsim(input): Promise<EsimInstallResult> {
      if (!/^LPA:1\$[^$\s]+\$[^$\s]*/.test(input.activationCode))
        throw new BridgeError("refused", "installEsim: not an LPA activation code");
      const reply = expectRecord(await call("installEsim", { ...input }, interactiveMs), "installEsim");
      return {
        status: pick(
          reply.status,
          ["installed", "cancelled", "failed", "unsupported"] as const,
          "installEsim",
        ),
      };
    },

    async checkEsimSupport() {
      const reply = expectRecord(await call("checkEsimSupport", {}, quickMs), "checkEsimSupport");
      return { supported: reply.supported === true };
    },

    on(event, listener) {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },

    dispose() {
      host.removeEventListener("message", onMessage);
      host.document?.removeEventListener("message", onMessage);
      if (host.__esimBridgeReceive === receive) host.__esimBridgeReceive = undefined;
      for (const [id, entry] of pending) {
        clearTimeout(entry.timer);
        entry.reject(new BridgeError("not_in_app", "bridge closed"));
        pending.delete(id);
      }
    },
  };
}
