import { afterEach, describe, expect, it } from "vitest";
import { baseInfoChoice } from "./base-info.ts";
import { createBrowserBridge } from "./browser-bridge.ts";
import type { BridgeHost, Transport } from "./detect.ts";
import { deviceModelFromApp, openPdfInApp, openWebPageInApp, shareLink } from "./in-app-actions.ts";
import { appHint, type BridgeError, createAppBridge } from "./index.ts";
import { createMessageBridge } from "./message-bridge.ts";

type Listener = (event: MessageEvent) => void;
type Reply = { result: unknown } | { error: { code: string; message: string } } | "silent";

/** A stand-in for the page's window: keeps "message" listeners on window and on document. */
function fakeWindow() {
  const windowListeners = new Set<Listener>();
  const documentListeners = new Set<Listener>();
  const host: BridgeHost = {
    addEventListener: (_type, listener) => windowListeners.add(listener),
    removeEventListener: (_type, listener) => windowListeners.delete(listener),
    document: {
      addEventListener: (_type, listener) => documentListeners.add(listener),
      removeEventListener: (_type, listener) => documentListeners.delete(listener),
    },
  };
  const deliver = (set: Set<Listener>, data: unknown, source: unknown = null) => {
    for (const listener of [...set]) listener({ data, source } as MessageEvent);
  };
  return { host, windowListeners, documentListeners, deliver };
}

/**
 * The fake native app: the outside party. It reads the web view's JSON messages and answers the way the
 * app does, asynchronously, through one of the three delivery paths.
 */
class FakeApp {
  readonly received: { id: string; method: string; params: Record<string, unknown>; version: number }[] = [];
  answers: Record<string, (params: Record<string, unknown>) => Reply> = {};
  delayMs = 1;
  private readonly win: ReturnType<typeof fakeWindow>;
  private readonly via: "window" | "document" | "receive";
  constructor(win: ReturnType<typeof fakeWindow>, via: "window" | "document" | "receive" = "window") {
    this.win = win;
    this.via = via;
  }

  readonly postMessage = (raw: unknown) => {
    expect(typeof raw).toBe("string");
    const message = JSON.parse(raw as string);
    expect(message.bridge).toBe("esim");
    this.received.push(message);
    const answer = this.answers[message.method]?.(message.params) ?? {
      error: { code: "unsupported", message: "?" },
    };
    if (answer === "silent") return;
    const reply =
      "result" in answer
        ? { bridge: "esim", id: message.id, ok: true, result: answer.result }
        : { bridge: "esim", id: message.id, ok: false, error: answer.error };
    setTimeout(() => this.send(reply), this.delayMs);
  };

  send(payload: unknown) {
    const data = JSON.stringify(payload);
    if (this.via === "window") this.win.deliver(this.win.windowListeners, data);
    else if (this.via === "document") this.win.deliver(this.win.documentListeners, data);
    else this.win.host.__esimBridgeReceive?.(data);
  }
}

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

function setup(via: "window" | "document" | "receive" = "window", timeouts = {}) {
  const win = fakeWindow();
  const app = new FakeApp(win, via);
  let n = 0;
  const transport: Transport = { kind: "react-native", send: (message) => app.postMessage(message) };
  const bridge = createMessageBridge({
    host: win.host,
    transport,
    newId: () => `id-${++n}`,
    origin: "https://shop.example.com",
    ...timeouts,
  });
  disposers.push(() => bridge.dispose());
  return { win, app, bridge };
}

async function bridgeError(promise: Promise<unknown>): Promise<BridgeError> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).name).toBe("BridgeError");
    return error as BridgeError;
  }
  throw new Error("expected a BridgeError");
}

describe("message bridge with the app (spec 1)", () => {
  it("reads base info from the app's reply and normalises it", async () => {
    const { app, bridge } = setup();
    app.answers.getBaseInfo = () => ({ result: { locale: "zh-TW", currencyCode: "jpy" } });
    await expect(bridge.getBaseInfo()).resolves.toEqual({ locale: "zh_HK", currencyCode: "JPY" });
    app.answers.getBaseInfo = () => ({ result: { locale: "zh_CN", currencyCode: "" } });
    await expect(bridge.getBaseInfo()).resolves.toEqual({ locale: "zh_CN", currencyCode: "HKD" });
    expect(app.received.map((m) => [m.method, m.version])).toEqual([
      ["getBaseInfo", 1],
      ["getBaseInfo", 1],
    ]);
  });

  it("sends native navigation as {route, args} (spec 2)", async () => {
    const { app, bridge } = setup();
    app.answers.navigate = () => ({ result: null });
    await bridge.navigate("goodsDetail", { platformProductCode: "JP-5GB" });
    await bridge.navigate("mine");
    expect(app.received.map((m) => m.params)).toEqual([
      { route: "goodsDetail", args: { platformProductCode: "JP-5GB" } },
      { route: "mine", args: {} },
    ]);
    // biome-ignore lint/suspicious/noExplicitAny: a page code the type forbids, as untyped callers might send
    const error = await bridgeError(bridge.navigate("settings" as any));
    expect(error.code).toBe("refused");
    expect(app.received).toHaveLength(2);
  });

  it("matches replies to calls by id even when they come back out of order", async () => {
    const { app, bridge } = setup();
    app.answers.checkEsimSupport = () => "silent";
    app.answers.getDeviceInfo = () => "silent";
    const support = bridge.checkEsimSupport();
    const device = bridge.getDeviceInfo();
    const [first, second] = app.received;
    app.send({
      bridge: "esim",
      id: second!.id,
      ok: true,
      result: { platform: "ios", osVersion: "17.5", appVersion: "3.2.0", model: "iPhone15,2" },
    });
    app.send({ bridge: "esim", id: first!.id, ok: true, result: { supported: true } });
    await expect(device).resolves.toEqual({
      platform: "ios",
      osVersion: "17.5",
      appVersion: "3.2.0",
      model: "iPhone15,2",
    });
    await expect(support).resolves.toEqual({ supported: true });
  });

  it("works whether the app answers on document (Android) or through __esimBridgeReceive (iOS)", async () => {
    for (const via of ["document", "receive"] as const) {
      const { app, bridge } = setup(via);
      app.answers.checkEsimSupport = () => ({ result: { supported: false } });
      await expect(bridge.checkEsimSupport()).resolves.toEqual({ supported: false });
    }
  });

  it("times out when the app does not answer", async () => {
    const { app, bridge } = setup("window", { quickTimeoutMs: 30 });
    app.answers.closeWebView = () => "silent";
    const error = await bridgeError(bridge.closeWebView());
    expect(error.code).toBe("timeout");
    // a late answer after the timeout changes nothing
    app.send({ bridge: "esim", id: app.received[0]!.id, ok: true, result: null });
  });

  it("waits longer for calls that need the shopper (login, pay, install)", async () => {
    const { app, bridge } = setup("window", { quickTimeoutMs: 10, interactiveTimeoutMs: 2_000 });
    app.delayMs = 60;
    app.answers.openLogin = () => ({
      result: { loggedIn: true, token: { accessToken: "at", refreshToken: "rt", expiresIn: 3600 } },
    });
    await expect(bridge.openLogin({ pageFrom: "/zh_CN/my/order/list" })).resolves.toEqual({
      loggedIn: true,
      token: { accessToken: "at", refreshToken: "rt", expiresIn: 3600 },
    });
    expect(app.received[0]!.params).toEqual({ pageFrom: "/zh_CN/my/order/list" });
  });

  it("reports the app's errors, telling an unknown method apart", async () => {
    const { app, bridge } = setup();
    app.answers.pay = () => ({ error: { code: "PAY_DECLINED", message: "Card declined" } });
    const declined = await bridgeError(bridge.pay({ orderCode: "O1" }));
    expect(declined).toMatchObject({ code: "native_error", message: "Card declined" });
    const unknown = await bridgeError(bridge.share({ title: "Japan 5 GB", url: "/pdp/JP-5GB" }));
    expect(unknown.code).toBe("unsupported");
  });

  it("refuses a reply of the wrong shape", async () => {
    const { app, bridge } = setup();
    app.answers.pay = () => ({ result: { status: "maybe" } });
    expect((await bridgeError(bridge.pay({ orderCode: "O1" }))).code).toBe("bad_reply");
    app.answers.getBaseInfo = () => ({ result: "zh_CN" });
    expect((await bridgeError(bridge.getBaseInfo())).code).toBe("bad_reply");
  });

  it("passes pay, share and install results through", async () => {
    const { app, bridge } = setup();
    app.answers.pay = () => ({ result: { status: "success" } });
    app.answers.share = () => ({ result: { shared: true } });
    app.answers.installEsim = () => ({ result: { status: "installed" } });
    await expect(bridge.pay({ orderCode: "O1" })).resolves.toEqual({ status: "success" });
    await expect(bridge.share({ title: "Japan", url: "/pdp/JP-5GB" })).resolves.toEqual({ shared: true });
    await expect(bridge.installEsim({ activationCode: "LPA:1$smdp.example.com$MATCH-1" })).resolves.toEqual({
      status: "installed",
    });
    expect(app.received[1]!.params.url).toBe("https://shop.example.com/pdp/JP-5GB");
  });

  it("hands the app an absolute payment address, and never a script URL", async () => {
    const { app, bridge } = setup();
    app.answers.pay = () => ({ result: { status: "success" } });
    await bridge.pay({ orderCode: "O1", paymentUrl: "/__sandbox/pay/ps_1?lang=en_US" });
    await bridge.pay({ orderCode: "O2", paymentUrl: "https://checkout.stripe.com/c/pay/cs_1" });
    expect(app.received.map((m) => m.params)).toEqual([
      { orderCode: "O1", paymentUrl: "https://shop.example.com/__sandbox/pay/ps_1?lang=en_US" },
      { orderCode: "O2", paymentUrl: "https://checkout.stripe.com/c/pay/cs_1" },
    ]);
    const refused = await bridgeError(bridge.pay({ orderCode: "O3", paymentUrl: "javascript:alert(1)" }));
    expect(refused.code).toBe("refused");
    expect(app.received).toHaveLength(2);
  });

  it("never sends a script URL or a malformed activation code to the app", async () => {
    const { app, bridge } = setup();
    app.answers.openWebPage = () => ({ result: null });
    app.answers.openPdf = () => ({ result: null });
    expect((await bridgeError(bridge.openWebPage({ url: "javascript:alert(1)" }))).code).toBe("refused");
    expect((await bridgeError(bridge.openPdf({ url: "data:text/html,x" }))).code).toBe("refused");
    expect((await bridgeError(bridge.installEsim({ activationCode: "not-an-lpa" }))).code).toBe("refused");
    expect(app.received).toHaveLength(0);
    await bridge.openPdf({ url: "https://cdn.example.com/guide.pdf", title: "Guide" });
    expect(app.received[0]!.params).toEqual({ url: "https://cdn.example.com/guide.pdf", title: "Guide" });
  });

  it("ignores messages posted by another frame, and other bridges' messages", async () => {
    const { win, app, bridge } = setup();
    app.answers.checkEsimSupport = () => "silent";
    const pending = bridge.checkEsimSupport();
    const id = app.received[0]!.id;
    const forged = JSON.stringify({ bridge: "esim", id, ok: true, result: { supported: true } });
    win.deliver(win.windowListeners, forged, { postMessage() {} });
    win.deliver(win.windowListeners, JSON.stringify({ bridge: "other", id, ok: true, result: {} }));
    win.deliver(win.windowListeners, "not json");
    app.send({ bridge: "esim", id, ok: true, result: { supported: false } });
    await expect(pending).resolves.toEqual({ supported: false });
  });

  it("delivers unasked events from the app to listeners until they unsubscribe", () => {
    const { app, bridge } = setup();
    const seen: unknown[] = [];
    const off = bridge.on("baseInfoChanged", (info) => seen.push(info));
    app.send({ bridge: "esim", event: "baseInfoChanged", payload: { locale: "zh_HK", currencyCode: "HKD" } });
    app.send({ bridge: "esim", event: "baseInfoChanged", payload: { locale: "zh-CN", currencyCode: "cny" } });
    off();
    app.send({ bridge: "esim", event: "baseInfoChanged", payload: { locale: "en_US", currencyCode: "USD" } });
    // Events carry base info in the same terms as getBaseInfo's answer.
    expect(seen).toEqual([
      { locale: "zh_HK", currencyCode: "HKD" },
      { locale: "zh_CN", currencyCode: "CNY" },
    ]);
  });

  it("rejects pending calls and stops listening when disposed", async () => {
    const { win, app, bridge } = setup();
    app.answers.getDeviceInfo = () => "silent";
    const pending = bridge.getDeviceInfo();
    bridge.dispose();
    expect((await bridgeError(pending)).code).toBe("not_in_app");
    expect(win.windowListeners.size).toBe(0);
    expect(win.documentListeners.size).toBe(0);
  });
});

describe("detecting the app (ADR 0021)", () => {
  const appUserAgent = "Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Mobile/15E148 RoamlyApp/3.2.0";

  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => items.set(k, v),
    };
  }

  it("uses the app only with both a transport and a hint", () => {
    const win = fakeWindow();
    const app = new FakeApp(win);
    const withTransport = { ...win.host, ReactNativeWebView: { postMessage: app.postMessage } };
    expect(createAppBridge({ host: withTransport, userAgent: appUserAgent, search: "" }).available).toBe(
      true,
    );
    expect(createAppBridge({ host: withTransport, userAgent: "Mozilla/5.0", search: "" }).available).toBe(
      false,
    );
    expect(
      createAppBridge({ host: win.host, userAgent: appUserAgent, search: "?channel=APP" }).available,
    ).toBe(false);
  });

  it("finds the iOS and Android transports too", () => {
    const win = fakeWindow();
    const ios = { ...win.host, webkit: { messageHandlers: { esimBridge: { postMessage() {} } } } };
    const android = { ...win.host, EsimAndroidBridge: { postMessage() {} } };
    expect(createAppBridge({ host: ios, userAgent: appUserAgent, search: "" }).available).toBe(true);
    expect(
      createAppBridge({ host: android, userAgent: "Mozilla/5.0", search: "?channel=app" }).available,
    ).toBe(true);
  });

  it("remembers ?channel=APP for the session after in-app navigation drops it", () => {
    const win = fakeWindow();
    const host = { ...win.host, EsimAndroidBridge: { postMessage() {} } };
    const storage = memoryStorage();
    expect(createAppBridge({ host, userAgent: "x", search: "?channel=APP", storage }).available).toBe(true);
    expect(createAppBridge({ host, userAgent: "x", search: "?other=1", storage }).available).toBe(true);
    expect(
      createAppBridge({ host, userAgent: "x", search: "?other=1", storage: memoryStorage() }).available,
    ).toBe(false);
  });

  it("gives the server a hint from the user agent or the query", () => {
    expect(appHint({ userAgent: appUserAgent })).toBe(true);
    expect(appHint({ userAgent: "Mozilla/5.0 RoamlyAppX" })).toBe(false);
    expect(appHint({ search: "?channel=APP&x=1" })).toBe(true);
    expect(appHint({ search: "?channel=PC" })).toBe(false);
    expect(appHint({})).toBe(false);
  });

  it("outside the app every call rejects with not_in_app and nothing waits", async () => {
    const bridge = createAppBridge({ host: fakeWindow().host, userAgent: "Mozilla/5.0", search: "" });
    expect(bridge.available).toBe(false);
    for (const call of [
      () => bridge.closeWebView(),
      () => bridge.getBaseInfo(),
      () => bridge.navigate("mine"),
      () => bridge.openLogin(),
      () => bridge.installEsim({ activationCode: "LPA:1$a$b" }),
      () => bridge.checkEsimSupport(),
    ]) {
      expect((await bridgeError(call())).code).toBe("not_in_app");
    }
    expect(typeof bridge.on("resume", () => {})).toBe("function");
  });
});

describe("the app's base info as the store's language and currency (ADR 0156)", () => {
  const page = { locale: "en_US", currency: "HKD", supportedCurrencies: ["HKD", "USD", "CNY"] };

  it("switches to the app's locale and currency", () => {
    expect(baseInfoChoice({ locale: "zh_CN", currencyCode: "CNY" }, page)).toEqual({
      locale: "zh_CN",
      currency: "CNY",
    });
  });

  it("keeps the page's currency when the site does not sell in the app's", () => {
    expect(baseInfoChoice({ locale: "zh_HK", currencyCode: "GBP" }, page)).toEqual({
      locale: "zh_HK",
      currency: "HKD",
    });
  });

  it("changes nothing when the page already shows both", () => {
    expect(baseInfoChoice({ locale: "en_US", currencyCode: "HKD" }, page)).toBeNull();
    expect(baseInfoChoice({ locale: "en_US", currencyCode: "GBP" }, page)).toBeNull();
  });
});

describe("the bridge methods where they belong (issue 10), against the simulated app", () => {
  const policy = { origin: "https://shop.example.com", allowedHosts: ["*.example.org"] };

  it("opens the invoice in the app's PDF viewer; outside the app or in an app without it, the page does", async () => {
    const { app, bridge } = setup();
    app.answers.openPdf = () => ({ result: null });
    const url = "https://shop.example.com/ucenter/order/pdf-page?orderCode=R1";
    await expect(openPdfInApp(bridge, url, "Invoice R1")).resolves.toBe(true);
    expect(app.received.map((m) => [m.method, m.params])).toEqual([
      ["openPdf", { url, title: "Invoice R1" }],
    ]);
    delete app.answers.openPdf; // an older app: "unsupported"
    await expect(openPdfInApp(bridge, url, "Invoice R1")).resolves.toBe(false);
    await expect(openPdfInApp(createBrowserBridge(), url, "Invoice R1")).resolves.toBe(false);
  });

  it("opens only allowed external pages in the app; same-site, other and script URLs never reach it", async () => {
    const { app, bridge } = setup();
    app.answers.openWebPage = () => ({ result: null });
    await expect(openWebPageInApp(bridge, "https://help.example.org/esim", policy)).resolves.toBe(true);
    await expect(openWebPageInApp(bridge, "https://evil.example.net/", policy)).resolves.toBe(false);
    await expect(openWebPageInApp(bridge, "javascript:alert(1)", policy)).resolves.toBe(false);
    await expect(openWebPageInApp(bridge, "/plp", policy)).resolves.toBe(false);
    expect(app.received.map((m) => m.params)).toEqual([{ url: "https://help.example.org/esim" }]);
  });

  it("shares a plan through the app's sheet, else the system's, else copies the link", async () => {
    const { app, bridge } = setup();
    app.answers.share = () => ({ result: { shared: true } });
    const content = { title: "Japan 3 GB", url: "https://shop.example.com/pdp/JP-3GB-30D", text: "Japan" };
    const copied: string[] = [];
    const clipboard = { writeText: async (text: string) => void copied.push(text) };
    await expect(shareLink(bridge, content, { clipboard })).resolves.toBe("app");
    expect(app.received.map((m) => [m.method, m.params])).toEqual([["share", content]]);
    const outside = createBrowserBridge();
    const shared: unknown[] = [];
    await expect(
      shareLink(outside, content, { share: async (data) => void shared.push(data), clipboard }),
    ).resolves.toBe("system");
    expect(shared).toEqual([{ title: content.title, text: content.text, url: content.url }]);
    await expect(shareLink(outside, content, { clipboard })).resolves.toBe("copied");
    expect(copied).toEqual([content.url]);
    await expect(shareLink(outside, content, {})).resolves.toBe("failed");
  });

  it("reads the phone's model from the app for the compatibility check", async () => {
    const { app, bridge } = setup();
    app.answers.getDeviceInfo = () => ({
      result: { platform: "ios", osVersion: "17.5", appVersion: "3.2.0", model: " iPhone 15 Pro " },
    });
    await expect(deviceModelFromApp(bridge)).resolves.toBe("iPhone 15 Pro");
    app.answers.getDeviceInfo = () => ({
      result: { platform: "android", osVersion: "14", appVersion: "3.2.0" },
    });
    await expect(deviceModelFromApp(bridge)).resolves.toBeNull();
    await expect(deviceModelFromApp(createBrowserBridge())).resolves.toBeNull();
  });
});
