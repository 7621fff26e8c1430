import type { APIRequestContext } from "@playwright/test";
import { CURRENCY_COOKIE, LOCALE_COOKIE } from "../core/constants.ts";
import { expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import {
  CARDS,
  encrypt,
  orderOf,
  PASSWORD,
  PLAN,
  payWithCard,
  randomClientIp,
  signUp,
  uniqueEmail,
} from "./purchase-kit.ts";

// The storefront as the native app hosts it (spec 1; ADRs 0021, 0112, 0156). The app is the outside party:
// a React Native WebView transport installed before the page's own scripts, speaking the bridge's wire protocol
// (a JSON string to ReactNativeWebView.postMessage; answers as a "message" event on window). The test plays the
// app's native side: it reads each call, presents the hosted payment page the way the app's payment sheet
// does, and answers. The storefront's own code, the server and the sandbox payment provider are all real.

const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const APP_UA = `${IPHONE_UA} RoamlyApp/3.2.0`;

test.use({ ...mobile, userAgent: APP_UA });

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

/** One message from the web view, as the app receives it. */
interface BridgeCall {
  bridge: string;
  version: number;
  id: string;
  method: string;
  params: Record<string, unknown>;
}

/** Not a bridge method: the test's own marker (see FakeApp.flush). */
const FLUSH = "__flush";

type Answer = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };

/**
 * The app's native side. Calls it answers at once (base info) are answered at once; calls that wait for the
 * shopper (pay, login) wait for the test to play the shopper. Anything else gets what an app without the method
 * answers: "unsupported".
 */
class FakeApp {
  readonly calls: BridgeCall[] = [];
  private readonly page: Page;
  private readonly baseInfo: { locale: string; currencyCode: string };
  private taken = 0;
  /** Methods the app answers at once with this result (the others, but pay and login, are "unsupported"). */
  readonly replies: Record<string, unknown> = {};

  constructor(page: Page, baseInfo = { locale: "en_US", currencyCode: "HKD" }) {
    this.page = page;
    this.baseInfo = baseInfo;
  }

  async install() {
    // The wire from the web view to the native side; it survives the page's navigations, as the app does.
    await this.page.exposeFunction("__nativeSide", (raw: unknown) => this.receive(raw));
    await this.page.addInitScript(() => {
      const host = window as unknown as {
        ReactNativeWebView: { postMessage(raw: string): void };
        __nativeSide(raw: unknown): Promise<void>;
      };
      host.ReactNativeWebView = {
        postMessage(raw) {
          void host.__nativeSide(raw);
        },
      };
    });
  }

  private receive(raw: unknown) {
    // The protocol sends one JSON string, never an object.
    if (typeof raw !== "string") throw new Error(`the web view sent ${typeof raw}, not a JSON string`);
    const call = JSON.parse(raw) as BridgeCall;
    if (call.method === FLUSH) return;
    this.calls.push(call);
    if (call.method === "getBaseInfo") void this.answer(call, { ok: true, result: this.baseInfo });
    else if (call.method in this.replies)
      void this.answer(call, { ok: true, result: this.replies[call.method] });
    else if (call.method !== "pay" && call.method !== "openLogin")
      void this.answer(call, { ok: false, error: { code: "unsupported", message: call.method } });
  }

  /** The next call of this method that the test has not looked at yet. */
  async next(method: string): Promise<BridgeCall> {
    let found: BridgeCall | undefined;
    await expect
      .poll(
        () => {
          const index = this.calls.findIndex((call, i) => i >= this.taken && call.method === method);
          if (index >= 0) {
            found = this.calls[index];
            this.taken = index + 1;
          }
          return found?.method;
        },
        { message: `the web view should call ${method}` },
      )
      .toBe(method);
    return found!;
  }

  /**
   * Waits until every message the page has sent so far has reached the native side: the marker goes down the
   * same wire after them, so "no call" is checked after the page's effects, not before they arrive.
   */
  async flush() {
    await this.page.evaluate(
      (method) =>
        (window as unknown as { __nativeSide(raw: string): Promise<void> }).__nativeSide(
          JSON.stringify({ method }),
        ),
      FLUSH,
    );
  }

  methods(): string[] {
    return this.calls.map((call) => call.method);
  }

  /** Answers a call the way the app does: a message event on window, with no source frame. */
  async answer(call: BridgeCall, answer: Answer) {
    const data = JSON.stringify({ bridge: "esim", id: call.id, ...answer });
    try {
      await this.page.evaluate(
        (payload) => window.dispatchEvent(new MessageEvent("message", { data: payload })),
        data,
      );
    } catch (error) {
      // Only a quick answer may race a navigation (the next page asks again if it needs to).
      if (call.method === "pay" || call.method === "openLogin") throw error;
    }
  }
}

const checkoutPath = (lang = "") => `${lang}/checkout?platformProductCode=${PLAN}&quantity=1`;

/** Clicks the pay button and returns the order code from the pay call that the page makes. */
async function placeOrder(page: Page, payLabel: RegExp): Promise<string> {
  const paying = page.waitForRequest((r) => /\/o2pay\/v1\/customer\/orders\/[A-Z0-9]+\/pay$/.test(r.url()));
  await page.getByRole("button", { name: payLabel }).click();
  return /orders\/([A-Z0-9]+)\/pay$/.exec((await paying).url())![1]!;
}

/**
 * What the app's payment sheet does with pay's paymentUrl: shows the provider's hosted page in its own web view,
 * where the shopper pays with a card; when that page returns to the store's result address the sheet closes.
 */
async function payInSheet(page: Page, paymentUrl: string, code: string) {
  const sheet = await page.context().newPage();
  await sheet.goto(paymentUrl);
  await payWithCard(sheet, CARDS.success);
  await expect(sheet).toHaveURL(new RegExp(`/pay/result\\?orderCode=${code}$`));
  await sheet.close();
}

/** The app hosting the store: a new shopper signs up, opens checkout and places an order with the pay button. */
async function orderInApp(page: Page) {
  const app = new FakeApp(page);
  await app.install();
  await signUp(page.request);
  await page.goto(checkoutPath());
  await hydrated(page);
  const code = await placeOrder(page, /^Pay HK\$/);
  return { app, code };
}

async function expectPaid(request: APIRequestContext, code: string) {
  // PAID at once; the fulfil job then moves it on (FULFILLING, COMPLETED once the eSIM is provisioned).
  expect(["PAID", "FULFILLING", "COMPLETED"]).toContain((await orderOf(request, code)).status);
}

test.describe("paying inside the app", () => {
  test("checkout pays through the app's pay method; its success leads to the paid result", async ({
    page,
  }) => {
    const { app, code } = await orderInApp(page);

    const pay = await app.next("pay");
    expect(pay).toEqual({
      bridge: "esim",
      version: 1,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      method: "pay",
      params: {
        orderCode: code,
        paymentUrl: expect.stringMatching(/^http:\/\/[^/]+\/__sandbox\/pay\/ps_[0-9a-f]{24}\?lang=en_US$/),
      },
    });
    // The web view does not go to the hosted page itself: the app presents it, and the page waits.
    await expect(page).toHaveURL(/\/checkout\?/);
    await expect(page.getByRole("button", { name: "Opening the secure payment page…" })).toBeDisabled();
    expect((await orderOf(page.request, code)).status).toBe("PENDING_PAYMENT");

    await payInSheet(page, pay.params.paymentUrl as string, code);
    await app.answer(pay, { ok: true, result: { status: "success" } });

    await expect(page).toHaveURL(new RegExp(`/pay/result\\?orderCode=${code}$`));
    await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Install your eSIM" })).toBeVisible();
    await expectPaid(page.request, code);
    expect(app.methods().filter((method) => method === "pay")).toHaveLength(1);
  });

  test("a pay page opened before the order was paid goes to its result, without asking the app to pay (ADR 0421)", async ({
    page,
  }) => {
    const { app, code } = await orderInApp(page);
    // A second web view of the app, on the order's pay page, left open while the first one pays.
    const stale = await page.context().newPage();
    const staleApp = new FakeApp(stale);
    await staleApp.install();
    await stale.goto(`/pay?orderCode=${code}`);
    await hydrated(stale);

    const pay = await app.next("pay");
    await payInSheet(page, pay.params.paymentUrl as string, code);
    await app.answer(pay, { ok: true, result: { status: "success" } });
    await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();

    // Paying again from the stale page: the server says the order is paid, and the page goes to its result.
    await stale.getByRole("button", { name: /^Pay HK\$/ }).click();
    await expect(stale).toHaveURL(new RegExp(`/pay/result\\?orderCode=${code}$`));
    await expect(stale.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();
    await staleApp.flush();
    expect(staleApp.methods()).not.toContain("pay");
    await expectPaid(page.request, code);
    await stale.close();
  });

  test("the shopper cancels the app's payment: not completed, nothing paid, and a retry pays", async ({
    page,
  }) => {
    const { app, code } = await orderInApp(page);

    const first = await app.next("pay");
    await app.answer(first, { ok: true, result: { status: "cancelled" } });
    await expect(page).toHaveURL(new RegExp(`/pay/result\\?orderCode=${code}&cancelled=1$`));
    const outcome = page.locator("[role=status][data-result]");
    await expect(outcome).toHaveAttribute("data-result", "failed");
    await expect(outcome).toContainText("Payment not completed");
    await expect(outcome).toContainText(
      `Order ${code} has not been paid. You can try again before it expires.`,
    );
    expect((await orderOf(page.request, code)).status).toBe("PENDING_PAYMENT");

    await hydrated(page);
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(new RegExp(`/pay\\?orderCode=${code}$`));
    await hydrated(page);
    await page.getByRole("button", { name: /^Pay HK\$/ }).click();

    // The retry hands the app the same open payment session, not a second one.
    const second = await app.next("pay");
    expect(second.params).toEqual(first.params);
    expect(second.id).not.toBe(first.id);
    await payInSheet(page, second.params.paymentUrl as string, code);
    await app.answer(second, { ok: true, result: { status: "success" } });
    await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible();
    await expectPaid(page.request, code);
  });

  test("zh_CN: the app's payment fails, then reports an error; each says 支付未完成 with 重新支付", async ({
    page,
  }) => {
    const app = new FakeApp(page, { locale: "zh_CN", currencyCode: "HKD" });
    await app.install();
    await signUp(page.request);
    await page.goto(checkoutPath("/zh_CN"));
    await hydrated(page);
    const code = await placeOrder(page, /^支付 HK\$/);

    const first = await app.next("pay");
    await app.answer(first, { ok: true, result: { status: "failed" } });
    await expect(page).toHaveURL(new RegExp(`/zh_CN/pay/result\\?orderCode=${code}&cancelled=1$`));
    const outcome = page.locator("[role=status][data-result]");
    await expect(outcome).toHaveAttribute("data-result", "failed");
    await expect(outcome).toContainText("支付未完成");
    await expect(outcome).toContainText(`订单 ${code} 尚未支付，您可以在订单过期前重新支付。`);
    expect((await orderOf(page.request, code)).status).toBe("PENDING_PAYMENT");

    await hydrated(page);
    await page.getByRole("link", { name: "重新支付" }).click();
    await expect(page).toHaveURL(new RegExp(`/zh_CN/pay\\?orderCode=${code}$`));
    await hydrated(page);
    await page.getByRole("button", { name: /^支付 HK\$/ }).click();
    const second = await app.next("pay");
    expect(second.params).toEqual(first.params);
    // The app's payment module itself fails (an error answer, not a status): the same outcome.
    await app.answer(second, {
      ok: false,
      error: { code: "PAY_SDK_ERROR", message: "Payment sheet failed" },
    });
    await expect(page).toHaveURL(new RegExp(`/zh_CN/pay/result\\?orderCode=${code}&cancelled=1$`));
    await expect(outcome).toHaveAttribute("data-result", "failed");
    await expect(page.getByRole("link", { name: "重新支付" })).toBeVisible();
    expect((await orderOf(page.request, code)).status).toBe("PENDING_PAYMENT");
  });
});

test.describe("the app's base info and banner", () => {
  test("the app's locale and currency become the store's; no app-download banner", async ({ page }) => {
    // The app speaks its platform's tags (zh-TW, lower-case codes); the store maps them to zh_HK and USD.
    const app = new FakeApp(page, { locale: "zh-TW", currencyCode: "usd" });
    await app.install();
    await page.goto(`/pdp/${PLAN}`);
    await expect(page).toHaveURL(new RegExp(`/zh_HK/pdp/${PLAN}\\?currency=USD$`));
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
    await expect(page.getByRole("main")).toContainText("US$");
    await expect(page.getByRole("main")).not.toContainText("HK$");
    await expect(page.getByRole("complementary", { name: "下載 Roamly App" })).toBeHidden();
    expect(app.methods().filter((method) => method === "getBaseInfo")).toHaveLength(1);

    // Stored as the current language and currency: the next page keeps them without asking the app again.
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ [LOCALE_COOKIE]: "zh_HK", [CURRENCY_COOKIE]: "USD" });
    await page.goto("/");
    await expect(page).toHaveURL(/\/zh_HK(\?|$)/);
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
    await expect(page.getByRole("complementary", { name: "下載 Roamly App" })).toBeHidden();
    await app.flush();
    expect(app.methods().filter((method) => method === "getBaseInfo")).toHaveLength(1);
  });

  test.describe("the same phone's browser, outside the app", () => {
    test.use({ userAgent: IPHONE_UA });

    test("shows the app-download banner and stays in the page's own locale", async ({ page }) => {
      const app = new FakeApp(page, { locale: "zh_CN", currencyCode: "CNY" });
      await app.install();
      await page.goto(`/pdp/${PLAN}`);
      await hydrated(page);
      await expect(page.getByRole("complementary", { name: "Get the Roamly app" })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/pdp/${PLAN}$`));
      // A transport without the app's hint may be some other app embedding the page: it is never used.
      await app.flush();
      expect(app.calls).toEqual([]);
    });
  });
});

test.describe("an expired session inside the app", () => {
  test.use({
    // The expired session's calls answer 401 on purpose (the order, then the refresh).
    allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 401/],
  });

  test("a 401 opens the app's login, not /login; after it the page reloads signed in", async ({ page }) => {
    const app = new FakeApp(page);
    await app.install();
    const email = await signUp(page.request, uniqueEmail("app-login"));
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).pathname);
    });
    await page.goto(checkoutPath());
    await hydrated(page);
    await expect(page.getByRole("button", { name: /^Pay HK\$/ })).toBeEnabled();

    // The session ends while the shopper is on the page (the app's web view was in the background).
    await page.context().clearCookies();
    await page.getByRole("button", { name: /^Pay HK\$/ }).click();

    const login = await app.next("openLogin");
    // The welcome coupon the new account holds is applied when checkout opens (ADR 0319).
    expect(login.params).toEqual({
      pageFrom: `/checkout?platformProductCode=${PLAN}&quantity=1&couponCode=WELCOME10`,
    });
    expect(app.methods()).not.toContain("pay");

    // The app's native login signs the shopper in and hands the web view the session, then answers.
    const res = await page.request.post("/o2cum/v1/pub/customer/login", {
      data: { account: email, password: await encrypt(page.request, PASSWORD) },
    });
    expect(res.status(), await res.text()).toBe(200);
    const reloaded = page.waitForEvent("load");
    await app.answer(login, { ok: true, result: { loggedIn: true } });
    await reloaded;
    await hydrated(page);
    await expect(page).toHaveURL(
      new RegExp(`/checkout\\?platformProductCode=${PLAN}&quantity=1&couponCode=WELCOME10$`),
    );
    await expect(page.getByRole("button", { name: /^Pay HK\$/ })).toBeEnabled();
    expect(navigations.filter((path) => /\/login$/.test(path))).toEqual([]);
  });
});

test.describe("the other bridge methods where they belong (issue 10)", () => {
  test("the product page shares the plan through the app's share sheet", async ({ page }) => {
    const app = new FakeApp(page);
    app.replies.share = { shared: true };
    await app.install();
    await page.goto(`/pdp/${PLAN}`);
    await hydrated(page);
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await page.getByRole("button", { name: "Share this plan" }).click();
    const share = await app.next("share");
    expect(share.params).toEqual({
      title,
      url: new URL(`/pdp/${PLAN}`, page.url()).href,
      text: `${title}: a travel eSIM data plan`,
    });
    await expect(page).toHaveURL(new RegExp(`/pdp/${PLAN}$`));
  });

  test("the compatibility check starts with the phone's model that the app reports", async ({ page }) => {
    const app = new FakeApp(page);
    app.replies.getDeviceInfo = {
      platform: "ios",
      osVersion: "17.4",
      appVersion: "3.2.0",
      model: "iPhone 15 Pro",
    };
    await app.install();
    await page.goto("/install#compatibility");
    await hydrated(page);
    await app.next("getDeviceInfo");
    await expect(page.getByRole("searchbox", { name: /model/i })).toHaveValue("iPhone 15 Pro");
    await expect(page.getByText("Filled in from your phone: iPhone 15 Pro")).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Matching models" }).getByText("iPhone 15 Pro", { exact: true }),
    ).toBeVisible();
  });

  test("the order's invoice opens in the app's PDF viewer, not as a download in the web view", async ({
    page,
  }) => {
    const app = new FakeApp(page);
    app.replies.openPdf = null;
    await app.install();
    await signUp(page.request);
    const headers = { "x-requested-with": "fetch", "x-currency": "HKD", "x-lang": "en_US" };
    const placed = await page.request.post("/o2ord/v1/customer/orders", {
      headers: { ...headers, "idempotency-key": crypto.randomUUID() },
      data: { platformProductCode: PLAN, quantity: 1 },
    });
    const { code } = (await placed.json()) as { code: string };
    const started = await page.request.post(`/o2pay/v1/customer/orders/${code}/pay`, { headers });
    await page.request.post((await started.json()).redirectUrl, {
      headers: { "x-requested-with": "fetch" },
      form: { number: CARDS.success, expiry: "12/34", cvc: "123" },
      maxRedirects: 0,
    });
    await expect
      .poll(
        async () => ["PAID", "FULFILLING", "COMPLETED"].includes((await orderOf(page.request, code)).status),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);

    await page.goto(`/ucenter/order/${code}`);
    await hydrated(page);
    let downloaded = false;
    page.on("download", () => {
      downloaded = true;
    });
    await page.getByRole("link", { name: "Download invoice (PDF)" }).click();
    const call = await app.next("openPdf");
    expect(call.params).toEqual({
      url: new URL(`/ucenter/order/pdf-page?orderCode=${code}`, page.url()).href,
      title: `Download invoice (PDF) ${code}`,
    });
    await app.flush();
    expect(downloaded).toBe(false);
    await expect(page).toHaveURL(new RegExp(`/ucenter/order/${code}$`));
  });
});

test.describe("an external content link inside the app", () => {
  test("an allowed host opens in the app's own browser page; another host is no link at all", async ({
    page,
    request,
  }) => {
    const app = new FakeApp(page);
    app.replies.openWebPage = null;
    await app.install();
    const files = await (
      await request.post("/o2cms/v1/pub/pages/query-file", {
        headers: { "x-requested-with": "fetch", "x-lang": "en_US" },
        data: [{ siteCode: "O2_PLATFORM__101", queryType: "HOME" }],
      })
    ).json();
    const document = await (await request.get(files.HOME.filePath)).json();
    const button = (id: string, text: string, url: string) => ({
      componentId: id,
      componentCode: "Button",
      componentName: text,
      positionCode: "11",
      style: {},
      data: { text },
      options: "{}",
      action: { code: "URL", data: { url } },
    });
    for (const variant of document.variants) {
      variant.components.unshift(
        button(`${variant.variantId}-partner`, "Partner coverage map", "https://coverage.example.org/map"),
        button(`${variant.variantId}-other`, "Some other site", "https://elsewhere.example.net/"),
      );
    }
    const saved = await request.post("/__dev/content/drafts", {
      headers: { "x-requested-with": "fetch" },
      data: { siteCode: "O2_PLATFORM__101", document },
    });
    expect(saved.ok()).toBe(true);
    // Preview links are signed (issue 17, ADR 0272): the sandbox answers the template's signed link.
    const { id, templatePreview } = await saved.json();

    await page.goto(`${templatePreview}&lang=en_US`);
    await hydrated(page);
    const partner = page.getByRole("link", { name: "Partner coverage map" });
    await expect(partner).toHaveAttribute("href", "https://coverage.example.org/map");
    await partner.click();
    const call = await app.next("openWebPage");
    expect(call.params).toEqual({ url: "https://coverage.example.org/map" });
    await expect(page).toHaveURL(new RegExp(`/preview/${id}\\?`));
    await expect(page.getByText("Some other site")).toBeVisible();
    await expect(page.getByRole("link", { name: "Some other site" })).toHaveCount(0);
  });
});
