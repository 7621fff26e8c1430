import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, messageOutbox, orderStatusHistory, orders, payments } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { readEnv } from "../../env.ts";
import { installSecret } from "../../infra/install-secret.ts";
import { SANDBOX_SECRET_NAME } from "../../providers/payment/index.ts";
import { SANDBOX_WEBHOOK_PATH, TEST_CARDS } from "../../providers/payment/sandbox.ts";
import { SANDBOX_SIGNATURE_HEADER, signPayload } from "../../providers/payment/signature.ts";
import { place, pricePlan, type Shopper, shopper } from "../checkout/purchase-test-kit.ts";

// Webhooks that arrive late, repeated and in the wrong order (ADR 0103): whatever the sequence, an order is
// fulfilled once and never moves backwards. Complements payment.api.test.ts (replays of one success event).

const app = setupTestApp();
// The secret this install generated for the sandbox (ADR 0191), read the way the app reads it.
const SECRET = installSecret(readEnv({ NODE_ENV: "test" }).DATA_DIR, SANDBOX_SECRET_NAME);
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await pricePlan(app);
});

async function startPaying(who: Shopper) {
  const placed = await place(app, who, {});
  const code = placed.json().code as string;
  const started = await app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: who.headers,
  });
  return { code, sessionId: started.json().sessionId as string, redirectUrl: started.json().redirectUrl };
}

async function payWithCard(redirectUrl: string) {
  const res = await app.server.inject({
    method: "POST",
    url: redirectUrl,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ number: TEST_CARDS.success, expiry: "12/34", cvc: "123" }).toString(),
  });
  expect(res.statusCode).toBe(303);
  await app.services.jobs.drain(new Date(Date.now() + 60_000));
}

function event(id: string, type: string, data: Record<string, unknown>, created = nowS()) {
  return JSON.stringify({ id, type, created, data: { currency: "HKD", ...data } });
}

function deliver(body: string) {
  return app.server.inject({
    method: "POST",
    url: SANDBOX_WEBHOOK_PATH,
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signPayload(SECRET, body, nowS()),
    },
    payload: body,
  });
}

async function orderRow(code: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

async function transitionsTo(orderId: string, status: string) {
  return (
    await app.database.db
      .select()
      .from(orderStatusHistory)
      .where(sql`${orderStatusHistory.orderId} = ${orderId} and ${orderStatusHistory.toStatus} = ${status}`)
  ).length;
}

async function jobsOf(kind: string, orderId: string) {
  return (
    await app.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${kind} and ${jobs.payload}->>'orderId' = ${orderId}`)
  ).length;
}

describe("webhooks out of order", () => {
  it("a failure reported after the success does not undo the payment", async () => {
    const who = await shopper(app);
    const { code, sessionId, redirectUrl } = await startPaying(who);
    await payWithCard(redirectUrl);
    const order = await orderRow(code);
    expect(order.paidAt).not.toBeNull();
    const statusBefore = order.status;

    const failed = event(
      "evt_failed_late",
      "payment.failed",
      { sessionId, failureCode: "card_declined" },
      nowS() - 30,
    );
    for (let i = 0; i < 10; i++) expect((await deliver(failed)).statusCode).toBe(200);
    const after = await orderRow(code);
    expect(after.status).toBe(statusBefore);
    expect(after.providerPaymentId).toBe(order.providerPaymentId);
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment).toMatchObject({ status: "SUCCEEDED", failureCode: null });
    expect(await transitionsTo(order.id, "PAID")).toBe(1);
  });

  it("a refund event for an order nobody is refunding does not move it to REFUNDED", async () => {
    const who = await shopper(app);
    const { code, redirectUrl } = await startPaying(who);
    await payWithCard(redirectUrl);
    const order = await orderRow(code);
    const refund = (i: number) =>
      event(`evt_early_refund_${i}`, "refund.succeeded", {
        paymentId: order.providerPaymentId,
        amount: order.total,
      });
    for (let i = 0; i < 10; i++) expect((await deliver(refund(i))).statusCode).toBe(200);
    expect((await orderRow(code)).status).toBe(order.status);
    expect(await transitionsTo(order.id, "REFUNDED")).toBe(0);
  });

  it("a success replayed after the refund leaves the order REFUNDED and fulfils nothing again", async () => {
    const who = await shopper(app);
    const { code, sessionId, redirectUrl } = await startPaying(who);
    await payWithCard(redirectUrl);
    const order = await orderRow(code);
    expect(await app.services.order.startRefund(order.id, "provisioning-failed")).toBe(true);
    await app.services.jobs.drain(new Date(Date.now() + 60_000));
    expect((await orderRow(code)).status).toBe("REFUNDED");

    const succeeded = (i: number) =>
      event(
        `evt_replayed_after_refund_${i}`,
        "payment.succeeded",
        { sessionId, orderCode: code, paymentId: order.providerPaymentId, amount: order.total },
        nowS() - 120,
      );
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(succeeded(i))));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    await app.services.jobs.drain(new Date(Date.now() + 60_000));
    expect((await orderRow(code)).status).toBe("REFUNDED");
    expect(await transitionsTo(order.id, "PAID")).toBe(1);
    expect(await jobsOf("fulfil-order", order.id)).toBe(1);
    expect(await jobsOf("refund-payment", order.id)).toBe(1);
  });

  it("money that arrives for a cancelled order is refunded once, and the order stays cancelled", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    const cancelled = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/cancel`,
      headers: who.headers,
    });
    expect(cancelled.json().status).toBe("CANCELLED");
    const order = await orderRow(code);

    // The provider captured just before the session closed; its success arrives late, and keeps arriving.
    const late = (i: number) =>
      event(`evt_late_${i}`, "payment.succeeded", {
        sessionId,
        orderCode: code,
        paymentId: "pay_after_cancel",
        amount: order.total,
      });
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(late(i))));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await orderRow(code)).status).toBe("CANCELLED");
    expect(await transitionsTo(order.id, "PAID")).toBe(0);
    expect(await jobsOf("fulfil-order", order.id)).toBe(0);
    expect(await jobsOf("refund-payment", order.id)).toBe(1);
    const mail = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, who.email));
    expect(mail).toHaveLength(0);
  });

  it("a forged success changes nothing, even for an order awaiting payment", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    const body = event("evt_forged", "payment.succeeded", {
      sessionId,
      orderCode: code,
      paymentId: "pay_forged",
      amount: 5990,
    });
    for (let i = 0; i < 10; i++) {
      const res = await app.server.inject({
        method: "POST",
        url: SANDBOX_WEBHOOK_PATH,
        headers: {
          "content-type": "application/json",
          [SANDBOX_SIGNATURE_HEADER]: signPayload(`not-the-secret-${i}-not-the-secret`, body, nowS()),
        },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
    }
    const order = await orderRow(code);
    expect(order.status).toBe("PENDING_PAYMENT");
    expect(await jobsOf("fulfil-order", order.id)).toBe(0);
  });
});
