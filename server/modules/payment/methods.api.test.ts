import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, payments, sandboxPaymentSessions, sandboxSavedCards } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { SANDBOX_WEBHOOK_PATH, TEST_CARDS } from "../../providers/payment/sandbox.ts";
import { bearer, encryptPassword, GOOD_PASSWORD, registerByEmail } from "../account/account-test-kit.ts";
import {
  fulfilJobs,
  getAs,
  orderRow,
  orderToPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
  submitCard,
  transitionsTo,
} from "../checkout/purchase-test-kit.ts";
import { FORGET_CUSTOMER_JOB } from "./forget-customer.ts";

// Issue 30 items 3 and 4 (ADRs 0323-0325): Alipay and WeChat Pay beside the wallets and the card on the sandbox's
// hosted page, in the order the shopper's language shows them; a redirect on a phone, a QR code on a desktop;
// success, decline, cancel and a late asynchronous success, each through the one idempotent fulfilment, with every
// webhook delivered twice; saved cards paid in one tap, listed and removed in account settings.

const app = setupTestApp();
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36";
/** The store's answers to each webhook's second delivery (every event is delivered twice in this file). */
const duplicates: { type: string; status: number; duplicate: boolean }[] = [];

beforeAll(async () => {
  await pricePlan(app);
  // Every webhook reaches the store twice, with the same id and body: the second must change nothing.
  app.services.sandboxPayments!.deliverWebhooksWith(async (body, headers) => {
    const first = await app.server.inject({
      method: "POST",
      url: SANDBOX_WEBHOOK_PATH,
      payload: body,
      headers,
    });
    const again = await app.server.inject({
      method: "POST",
      url: SANDBOX_WEBHOOK_PATH,
      payload: body,
      headers,
    });
    duplicates.push({
      type: JSON.parse(body).type,
      status: again.statusCode,
      duplicate: again.json().duplicate,
    });
    return first.statusCode;
  });
  return () => {
    app.services.sandboxPayments!.deliverWebhooksWith(async (body, headers) => {
      return (await app.server.inject({ method: "POST", url: SANDBOX_WEBHOOK_PATH, payload: body, headers }))
        .statusCode;
    });
  };
});

function form(url: string, fields: Record<string, string>, userAgent = DESKTOP) {
  return app.server.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": userAgent },
    payload: new URLSearchParams(fields).toString(),
  });
}

const base = (sessionId: string) => `/__sandbox/pay/${sessionId}`;

async function paidOnce(code: string) {
  expect(await transitionsTo(app, code, "PAID")).toHaveLength(1);
  expect(await fulfilJobs(app, code)).toHaveLength(1);
  expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(app, code)).status);
  // Each webhook's second delivery was acknowledged as a duplicate.
  expect(duplicates.length).toBeGreaterThan(0);
  expect(duplicates.every((d) => d.status === 200 && d.duplicate === true)).toBe(true);
}

describe("the hosted page's methods, by language and currency", () => {
  it("shows Alipay and WeChat Pay first in Chinese, the device wallet first in English", async () => {
    const who = await shopper(app);
    const zh = await orderToPay(app, who, {}, { lang: "zh_CN" });
    const page = (await app.server.inject({ method: "GET", url: zh.redirectUrl })).body;
    const at = (text: string) => page.indexOf(text);
    expect(at('value="alipay"')).toBeGreaterThan(0);
    expect(at('value="alipay"')).toBeLessThan(at('value="wechat_pay"'));
    expect(at('value="wechat_pay"')).toBeLessThan(at('value="apple_pay"'));
    expect(at('value="apple_pay"')).toBeLessThan(at('name="number"'));
    expect(page).toContain(">支付宝</button>");
    expect(page).toContain(">微信支付</button>");

    const en = await orderToPay(app, await shopper(app), {}, { lang: "en_US" });
    const english = (await app.server.inject({ method: "GET", url: en.redirectUrl })).body;
    const enAt = (text: string) => english.indexOf(text);
    expect(enAt('value="apple_pay"')).toBeLessThan(enAt('value="google_pay"'));
    expect(enAt('value="google_pay"')).toBeLessThan(enAt('name="number"'));
    expect(enAt('name="number"')).toBeLessThan(enAt('value="alipay"'));
    expect(english).toContain(">Alipay</button>");
    expect(english).not.toContain("<script");
  });
});

describe("Alipay on a phone: a redirect to the wallet's app", () => {
  it("pays once on approval, however often the webhooks arrive", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who, {}, { lang: "zh_CN" });
    const pressed = await form(`${base(sessionId)}/local`, { method: "alipay", lang: "zh_CN" }, PHONE);
    expect(pressed.statusCode).toBe(303);
    expect(pressed.headers.location).toBe(`${base(sessionId)}/app/alipay?lang=zh_CN`);
    const appPage = await app.server.inject({ method: "GET", url: pressed.headers.location as string });
    expect(appPage.body).toContain("支付宝（测试应用）");
    expect(appPage.body).toContain("确认支付 HK$59.90？");

    const approved = await form(`${base(sessionId)}/app/alipay`, { action: "approve", lang: "zh_CN" }, PHONE);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`http://localhost/zh_CN/pay/result?orderCode=${code}`);
    await settle(app);
    await paidOnce(code);
    const [session] = await app.database.db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.id, sessionId));
    expect(session!.method).toBe("alipay");
    // A second approval (a double tap) finds the page closed and pays nothing more.
    expect((await form(`${base(sessionId)}/app/alipay`, { action: "approve" }, PHONE)).statusCode).toBe(410);
    await settle(app);
    expect(await fulfilJobs(app, code)).toHaveLength(1);
  });

  it("a decline is said in the shopper's language, recorded, and leaves the order payable", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who, {}, { lang: "zh_CN" });
    const declined = await form(`${base(sessionId)}/app/alipay`, { action: "decline", lang: "zh_CN" }, PHONE);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain("支付宝未完成支付，请重试或换一种方式支付。");
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    const [payment] = await app.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, sessionId));
    expect(payment!.failureCode).toBe("payment_declined");
    // Another try on the same page pays.
    expect((await form(`${base(sessionId)}/app/alipay`, { action: "approve" }, PHONE)).statusCode).toBe(303);
    await settle(app);
    await paidOnce(code);
  });
});

describe("WeChat Pay on a desktop: a QR code", () => {
  it("shows a QR code of the wallet's page; a late payment settles afterwards, once", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who, {}, { lang: "zh_CN" });
    const pressed = await form(`${base(sessionId)}/local`, { method: "wechat_pay", lang: "zh_CN" });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toMatch(/<div class="qr" role="img" aria-label="微信支付支付二维码"><svg /);
    expect(pressed.body).toContain("请用手机打开微信支付扫描二维码完成支付。");

    const later = await form(`${base(sessionId)}/app/wechat_pay`, { action: "later", lang: "zh_CN" });
    expect(later.statusCode).toBe(303);
    expect(later.headers.location).toBe(`http://localhost/zh_CN/pay/result?orderCode=${code}`);
    // Back on the store: the payment is processing, not paid; the result page asks and is told so.
    await settle(app, 1_000);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    const status = await getAs(app, who, `/o2ord/v1/customer/orders/${code}/status`);
    expect(status.json()).toMatchObject({ status: "PENDING_PAYMENT", paid: false });
    // The hosted page says the payment is being confirmed; the order cannot be paid twice meanwhile.
    const again = await app.server.inject({ method: "GET", url: `${base(sessionId)}?lang=en_US` });
    expect(again.body).toContain("Your payment is being confirmed.");
    expect((await form(`${base(sessionId)}/app/wechat_pay`, { action: "approve" })).statusCode).toBe(410);

    // The wallet settles: the store hears payment.succeeded and fulfils once.
    await settle(app, 60_000);
    await paidOnce(code);
    const done = await getAs(app, who, `/o2ord/v1/customer/orders/${code}/status`);
    expect(done.json().paid).toBe(true);
  });

  it("a cancel in the app returns to the store's cancel page with the order still payable", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who, {}, { lang: "en_US" });
    const cancelled = await form(`${base(sessionId)}/app/wechat_pay`, { action: "cancel" });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`http://localhost/pay/result?orderCode=${code}&cancelled=1`);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    // The page is still open for another way to pay.
    const page = await app.server.inject({ method: "GET", url: `${base(sessionId)}?lang=en_US` });
    expect(page.body).toContain('name="number"');
  });

  it("refuses an unknown method or action with 400 and pays nothing", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who);
    expect((await form(`${base(sessionId)}/local`, { method: "paypal" })).statusCode).toBe(400);
    expect((await form(`${base(sessionId)}/app/alipay`, { action: "steal" })).statusCode).toBe(400);
    expect((await form(`${base(sessionId)}/app/paypal`, { action: "approve" })).statusCode).toBe(404);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
  });
});

describe("saved cards", () => {
  const cards = (who: Shopper) => getAs(app, who, "/o2pay/v1/customer/payment-methods");

  it("saves the card when asked, pays the next order in one tap, and lists and removes it", async () => {
    const who = await shopper(app);
    const other = await shopper(app);
    expect((await cards(who)).json()).toEqual({ cards: [] });
    const first = await orderToPay(app, who);
    const firstPage = await app.server.inject({ method: "GET", url: first.redirectUrl });
    expect(firstPage.body).toContain("Save this card for next time");
    expect(firstPage.body).not.toContain("Your saved cards");
    const paid = await submitCard(app, first.redirectUrl, TEST_CARDS.success, { save: "on" });
    expect(paid.statusCode).toBe(303);
    await settle(app);

    const listed = (await cards(who)).json().cards;
    expect(listed).toEqual([
      { id: expect.stringMatching(/^pm_/), brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 },
    ]);
    // Another shopper sees none of it.
    expect((await cards(other)).json()).toEqual({ cards: [] });

    const second = await orderToPay(app, who);
    const page = (await app.server.inject({ method: "GET", url: second.redirectUrl })).body;
    expect(page).toContain("Pay HK$59.90 with VISA •••• 4242");
    // The saved card comes first, before the wallets and the card form.
    expect(page.indexOf("VISA •••• 4242")).toBeLessThan(page.indexOf('value="apple_pay"'));
    const oneTap = await form(`${base(second.sessionId)}/saved`, { card: listed[0].id });
    expect(oneTap.statusCode).toBe(303);
    await settle(app);
    await paidOnce(second.code);

    // Someone else's card id is not theirs to remove, nor to pay with.
    const stranger = await app.server.inject({
      method: "DELETE",
      url: `/o2pay/v1/customer/payment-methods/${listed[0].id}`,
      headers: other.headers,
    });
    expect(stranger.statusCode).toBe(404);
    const theirs = await orderToPay(app, other);
    const refused = await form(`${base(theirs.sessionId)}/saved`, { card: listed[0].id });
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain("This saved card is no longer available.");
    const bad = await app.server.inject({
      method: "DELETE",
      url: "/o2pay/v1/customer/payment-methods/not-a-card",
      headers: who.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ failed: true });

    const removed = await app.server.inject({
      method: "DELETE",
      url: `/o2pay/v1/customer/payment-methods/${listed[0].id}`,
      headers: who.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await cards(who)).json()).toEqual({ cards: [] });
    const third = await orderToPay(app, who);
    expect((await app.server.inject({ method: "GET", url: third.redirectUrl })).body).not.toContain(
      "•••• 4242",
    );
    const gone = await app.server.inject({
      method: "DELETE",
      url: `/o2pay/v1/customer/payment-methods/${listed[0].id}`,
      headers: who.headers,
    });
    expect(gone.statusCode).toBe(404);
  });

  it("does not save a card without the shopper's tick, and needs a signed-in shopper", async () => {
    const who = await shopper(app);
    const { redirectUrl } = await orderToPay(app, who);
    expect((await submitCard(app, redirectUrl, TEST_CARDS.success)).statusCode).toBe(303);
    await settle(app);
    expect((await cards(who)).json()).toEqual({ cards: [] });
    const anonymous = await app.server.inject({ method: "GET", url: "/o2pay/v1/customer/payment-methods" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("deleting the account has the provider forget the customer and its saved cards", async () => {
    const email = `saves-then-leaves-${Date.now()}@example.com`;
    const tokens = await registerByEmail(app, email);
    const who = { id: "", email, headers: bearer(tokens.accessToken) };
    const { redirectUrl } = await orderToPay(app, who);
    expect((await submitCard(app, redirectUrl, TEST_CARDS.success, { save: "on" })).statusCode).toBe(303);
    await settle(app);
    const [card] = (await cards(who)).json().cards;
    const held = () =>
      app.database.db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.id, card.id));
    expect(await held()).toHaveLength(1);

    const deleted = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(tokens.accessToken),
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(deleted.statusCode).toBe(200);
    const queued = await app.database.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, FORGET_CUSTOMER_JOB.kind),
          sql`${jobs.payload}->'providerCustomerIds' @> ${JSON.stringify([])}::jsonb`,
          sql`jsonb_array_length(${jobs.payload}->'providerCustomerIds') = 1`,
        ),
      );
    expect(queued.length).toBeGreaterThan(0);
    await settle(app);
    expect(await held()).toEqual([]);
  });
});
