import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_CHANNEL_STORAGE_KEY, type BridgeHost, inAppWebView } from "./detect.ts";
import { createAppBridge } from "./index.ts";

const APP_UA = "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 RoamlyApp/3.2.0";
const BROWSER_UA = "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148";

function storageWith(value: string | null) {
  const items = new Map<string, string>(value === null ? [] : [[APP_CHANNEL_STORAGE_KEY, value]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, next: string) => void items.set(key, next),
  };
}

afterEach(() => vi.unstubAllGlobals());

// ADR 0288: pages ask inAppWebView() before importing the bridge; it must answer what getAppBridge() would.
describe("inAppWebView, asked without loading the bridge", () => {
  const cases = [
    { name: "the app's user agent with a transport", ua: APP_UA, search: "", stored: null, transport: true },
    {
      name: "the app's user agent without a transport",
      ua: APP_UA,
      search: "",
      stored: null,
      transport: false,
    },
    { name: "a transport without any hint", ua: BROWSER_UA, search: "", stored: null, transport: true },
    {
      name: "?channel=APP with a transport",
      ua: BROWSER_UA,
      search: "?channel=APP",
      stored: null,
      transport: true,
    },
    {
      name: "a remembered channel with a transport",
      ua: BROWSER_UA,
      search: "",
      stored: "APP",
      transport: true,
    },
    { name: "a plain browser", ua: BROWSER_UA, search: "", stored: null, transport: false },
  ];
  for (const c of cases) {
    it(`agrees with the bridge getAppBridge would make: ${c.name}`, () => {
      const host = {
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        ...(c.transport ? { ReactNativeWebView: { postMessage: () => undefined } } : {}),
      } as BridgeHost;
      vi.stubGlobal("window", {
        ...host,
        location: { search: c.search },
        sessionStorage: storageWith(c.stored),
      });
      vi.stubGlobal("navigator", { userAgent: c.ua });
      const bridge = createAppBridge({
        host,
        userAgent: c.ua,
        search: c.search,
        storage: storageWith(c.stored),
      });
      expect(inAppWebView()).toBe(bridge.available);
    });
  }

  it("is false on the server", () => {
    expect(inAppWebView()).toBe(false);
  });
});
