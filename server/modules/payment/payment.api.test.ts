import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { readEnv } from "../../env.ts";
import { installSecret } from "../../infra/install-secret.ts";
import { SANDBOX_SECRET_NAME } from "../../providers/payment/index.ts";
import { createSandboxPayments, SANDBOX_WEBHOOK_PATH, TEST_CARDS } from "../../providers/payment/sandbox.ts";
import { SANDBOX_SIGNATURE_HEADER, signPayload } from "../../providers/payment/signature.ts";
import {
  fulfilJobs,
  orderRow,
  place,
  orderToPay as placeToPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
  submitCard,
  transitionsTo,
} from "../checkout/purchase-test-kit.ts";

const app = setupTestApp();
// The secret this install generated for the sandbox (ADR 0191), read the way the app reads it.
const SECRET = installSecret(readEnv({ NODE_ENV: "test" }).DATA_DIR, SANDBOX_SECRET_NAME);

/** Two units placed and a sandbox payment started for them (the store's payment provider in tests). */
async function orderToPay(who: Shopper, lang = "en_US") {
  const toPay = await placeToPay(app, who, { quantity: 2 }, { lang });
  expect(toPay.provider).toBe("sandbox");
  return toPay;
}

beforeAll(async () => {
  await pricePlan(app);
});

/** Order confirmations sent to the address (the eSIM module sends its own delivery e-mail too). */
async function confirmations(email: string) {
  const sent = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, email));
  return sent.filter((message) => /confirmed|已确认|已確認/.test(message.subject ?? ""));
}

/** Fulfilment has started: FULFILLING, or COMPLETED once the eSIM module delivered the eSIM (ADR 0106). */
const FULFILLED = ["FULFILLING", "COMPLETED"];

function webhook(body: string, signature?: string) {
  return app.server.inject({
    method: "POST",
    url: SANDBOX_WEBHOOK_PATH,
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signature ?? signPayload(SECRET, body, Math.floor(Date.now() / 1000)),
    },
    payload: body,
  });
}

describe("the sandbox hosted payment page", () => {
  it("is marked TEST MODE, has no script, and runs under a strict CSP", async () => {
    const who = await shopper(app);
    const { redirectUrl } = await orderToPay(who);
    expect(redirectUrl).toMatch(/^\/__sandbox\/pay\/ps_[0-9a-f]{24}\?lang=en_US$/);
    const page = await app.server.inject({ method: "GET", url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("TEST MODE");
    expect(page.body).toContain("Pay HK$119.80");
    expect(page.body).not.toContain("<script");
    const csp = page.headers["content-security-policy"] as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("declines 4000 0000 0000 0002, reports insufficient funds for …9995, and keeps the order unpaid", async () => {
    const who = await shopper(app);
    const { code, redirectUrl } = await orderToPay(who);
    const declined = await submitCard(app, redirectUrl, "4000 0000 0000 0002");
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain("Your card was declined.");
    const poor = await submitCard(app, redirectUrl, TEST_CARDS.insufficientFunds, { lang: "zh_CN" });
    expect(poor.body).toContain("您的银行卡余额不足。");
    const bad = await submitCard(app, redirectUrl, "1234");
    expect(bad.statusCode).toBe(402);
    expect(bad.body).toContain("Check the card number");
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
  });

  it("asks for 3-D Secure on …3220, then pays and returns to /pay/result", async () => {
    const who = await shopper(app);
    const { code, redirectUrl, sessionId } = await orderToPay(who, "zh_HK");
    expect(redirectUrl).toMatch(/\?lang=zh_HK$/);
    const challenge = await submitCard(app, redirectUrl, TEST_CARDS.threeDSecure);
    expect(challenge.statusCode).toBe(200);
    expect(challenge.body).toContain("3-D Secure");
    const done = await app.server.inject({
      method: "POST",
      url: `/__sandbox/pay/${sessionId}/challenge`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "action=approve",
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toMatch(
      new RegExp(`^http://localhost/zh_HK/pay/result\\?orderCode=${code}$`),
    );
  });
});

describe("one fulfilment path", () => {
  it("pays through the webhook job: PAID, a fulfil-order job, FULFILLING, and a confirmation e-mail in the order's language", async () => {
    const who = await shopper(app);
    const { code, redirectUrl } = await orderToPay(who, "zh_CN");
    const paid = await submitCard(app, redirectUrl, TEST_CARDS.success);
    expect(paid.statusCode).toBe(303);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT"); // the webhook has not been delivered yet
    await settle(app);
    expect(FULFILLED).toContain((await orderRow(app, code)).status);
    const mail = await confirmations(who.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`订单 ${code} 已确认`);
    expect(mail[0]!.body).toContain("HK$119.80");
    const detail = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}`,
      headers: who.headers,
    });
    expect(
      detail
        .json()
        .statusHistory.map((h: { toStatus: string }) => h.toStatus)
        .slice(0, 3),
    ).toEqual(["PENDING_PAYMENT", "PAID", "FULFILLING"]);
  });

  it("fulfils once when the webhook is replayed 10 times, re-sent under new ids, out of order, and forged", async () => {
    const who = await shopper(app);
    const { code, sessionId, total } = await orderToPay(who);
    const succeeded = (id: string) =>
      JSON.stringify({
        id,
        type: "payment.succeeded",
        created: Math.floor(Date.now() / 1000),
        data: { sessionId, orderCode: code, paymentId: "pay_replayed", amount: total, currency: "HKD" },
      });
    // A forged or tampered event is refused and changes nothing.
    const forged = await webhook(
      succeeded("evt_forged"),
      signPayload("wrong-secret-wrong-secret", succeeded("evt_forged"), Math.floor(Date.now() / 1000)),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe("purchase.payment.signatureInvalid");
    const body = succeeded("evt_once");
    const tampered = await webhook(
      body.replace(`"amount":${total}`, '"amount":1'),
      signPayload(SECRET, body, Math.floor(Date.now() / 1000)),
    );
    expect(tampered.statusCode).toBe(400);
    const stale = await webhook(body, signPayload(SECRET, body, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(400);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");

    const replays = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(body)),
      ...Array.from({ length: 5 }, (_, i) => webhook(succeeded(`evt_resent_${i}`))),
    ]);
    expect(replays.every((r) => r.statusCode === 200)).toBe(true);
    // An older event arriving late must not move the order back.
    const processing = JSON.stringify({
      id: "evt_late_processing",
      type: "payment.processing",
      created: Math.floor(Date.now() / 1000) - 60,
      data: { sessionId, orderCode: code, paymentId: null, amount: total, currency: "HKD" },
    });
    expect((await webhook(processing)).statusCode).toBe(200);
    await settle(app);
    expect(await transitionsTo(app, code, "PAID")).toHaveLength(1);
    expect(await fulfilJobs(app, code)).toHaveLength(1);
    expect(await confirmations(who.email)).toHaveLength(1);
    expect(FULFILLED).toContain((await orderRow(app, code)).status);
    const again = await webhook(body);
    expect(again.json()).toMatchObject({ received: true, duplicate: true });
  });

  it("fulfils once when the sandbox itself duplicates and reverses its deliveries", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(who);
    const chaotic = createSandboxPayments({
      db: app.database.db,
      jobs: app.services.jobs,
      secret: SECRET,
      publicOrigin: "",
      chaos: { duplicate: true, outOfOrder: true, delayMs: 0 },
    });
    const outcome = await chaotic.submitCard(sessionId, {
      number: TEST_CARDS.success,
      expiry: "12/34",
      cvc: "123",
    });
    expect(outcome.kind).toBe("paid");
    const queued = await app.database.db
      .select()
      .from(jobs)
      .where(
        sql`${jobs.kind} = 'sandbox-payment-webhook' and ${jobs.payload}->'event'->'data'->>'sessionId' = ${sessionId}`,
      )
      .orderBy(jobs.runAt);
    // succeeded twice, then processing twice: duplicated and out of order.
    expect(queued.map((j) => (j.payload as { event: { type: string } }).event.type)).toEqual([
      "payment.succeeded",
      "payment.succeeded",
      "payment.processing",
      "payment.processing",
    ]);
    await app.services.jobs.drain(new Date(Date.now() + 10_000));
    expect(await transitionsTo(app, code, "PAID")).toHaveLength(1);
    expect(await fulfilJobs(app, code)).toHaveLength(1);
    expect(FULFILLED).toContain((await orderRow(app, code)).status);
  });

  it("lets the return page confirm the payment before the webhook, and the late webhook changes nothing", async () => {
    const who = await shopper(app);
    const { code, redirectUrl } = await orderToPay(who);
    await submitCard(app, redirectUrl, TEST_CARDS.success);
    const status = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/status`,
      headers: who.headers,
    });
    expect(status.json()).toMatchObject({ code, status: "PAID", paid: true });
    await settle(app);
    expect(await transitionsTo(app, code, "PAID")).toHaveLength(1);
    expect(await confirmations(who.email)).toHaveLength(1);
  });

  it("refunds: REFUNDING, the provider's refund webhook, REFUNDED", async () => {
    const who = await shopper(app);
    const { code, redirectUrl } = await orderToPay(who);
    await submitCard(app, redirectUrl, TEST_CARDS.success);
    await settle(app);
    const order = await orderRow(app, code);
    expect(await app.services.order.startRefund(order.id, "provisioning-failed")).toBe(true);
    expect((await orderRow(app, code)).status).toBe("REFUNDING");
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
  });

  it("will not start paying an order that is no longer unpaid", async () => {
    const who = await shopper(app);
    const { code } = await orderToPay(who);
    const cancel = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/cancel`,
      headers: who.headers,
    });
    expect(cancel.json().status).toBe("CANCELLED");
    const pay = await app.server.inject({
      method: "POST",
      url: `/o2pay/v1/customer/orders/${code}/pay`,
      headers: who.headers,
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe("purchase.order.notPayable");
  });
});

describe("orders API", () => {
  it("lists in page mode with a status filter and keyword search; another customer's order is a 404", async () => {
    const who = await shopper(app);
    const first = await orderToPay(who);
    await place(app, who, { quantity: 1 });
    await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${first.code}/cancel`,
      headers: who.headers,
    });
    const list = async (query: string) =>
      (
        await app.server.inject({
          method: "GET",
          url: `/o2ord/v1/customer/orders?${query}`,
          headers: who.headers,
        })
      ).json();
    const all = await list("page=0&size=10");
    expect(all).toMatchObject({ totalElements: 2, numberOfElements: 2 });
    expect((await list("status=CANCELLED")).content.map((o: { code: string }) => o.code)).toEqual([
      first.code,
    ]);
    expect((await list(`keyword=${first.code.slice(-6)}`)).totalElements).toBe(1);
    expect((await list("keyword=japan")).totalElements).toBe(2);
    expect((await list("page=1&size=1")).content).toHaveLength(1);
    const bad = await app.server.inject({
      method: "GET",
      url: "/o2ord/v1/customer/orders?status=LOST&size=1000",
      headers: who.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["size", "status"]);

    const stranger = await shopper(app);
    for (const url of [
      `/o2ord/v1/customer/orders/${first.code}`,
      `/o2ord/v1/customer/orders/${first.code}/status`,
    ]) {
      const res = await app.server.inject({ method: "GET", url, headers: stranger.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("purchase.order.notFound");
    }
    const pay = await app.server.inject({
      method: "POST",
      url: `/o2pay/v1/customer/orders/${first.code}/pay`,
      headers: stranger.headers,
    });
    expect(pay.statusCode).toBe(404);
    const badCode = await app.server.inject({
      method: "GET",
      url: "/o2ord/v1/customer/orders/x",
      headers: who.headers,
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fields).toHaveProperty("code");
    expect((await app.server.inject({ method: "GET", url: "/o2ord/v1/customer/orders" })).statusCode).toBe(
      401,
    );
  });

  it("refuses an unknown webhook provider with 400", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2pay/v1/pub/webhooks/paypal",
      headers: { "content-type": "application/json" },
      payload: "{}",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty("provider");
  });
});
