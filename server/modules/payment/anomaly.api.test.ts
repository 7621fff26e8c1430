import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, paymentAnomalies } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { readEnv } from "../../env.ts";
import { installSecret } from "../../infra/install-secret.ts";
import { createPaymentProviders, SANDBOX_SECRET_NAME } from "../../providers/payment/index.ts";
import { SANDBOX_WEBHOOK_PATH } from "../../providers/payment/sandbox.ts";
import { SANDBOX_SIGNATURE_HEADER, signPayload } from "../../providers/payment/signature.ts";
import { createServices } from "../../services.ts";
import { orderRow, orderToPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";
import type { PaymentAnomaly } from "../order/service.ts";

// Issue 14 item 8: a signed payment whose amount is not the order's, and the forgeable sandbox secret.
const app = setupTestApp();
const SECRET = installSecret(readEnv({ NODE_ENV: "test" }).DATA_DIR, SANDBOX_SECRET_NAME);
const nowS = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  await pricePlan(app);
});

function succeeded(id: string, data: Record<string, unknown>) {
  return JSON.stringify({ id, type: "payment.succeeded", created: nowS(), data });
}

function webhook(body: string, secret = SECRET) {
  return app.server.inject({
    method: "POST",
    url: SANDBOX_WEBHOOK_PATH,
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signPayload(secret, body, nowS()),
    },
    payload: body,
  });
}

async function anomaliesOf(code: string) {
  const order = await orderRow(app, code);
  return app.database.db.select().from(paymentAnomalies).where(eq(paymentAnomalies.orderId, order.id));
}

describe("a signed payment whose amount does not match the order", () => {
  it("is answered 200 (no endless retries), leaves the order unpaid and is recorded once for operators", async () => {
    const who = await shopper(app);
    const { code, sessionId, total } = await orderToPay(app, who);
    const data = { sessionId, orderCode: code, paymentId: "pay_short", amount: total - 100, currency: "HKD" };

    const first = await webhook(succeeded("evt_short_1", data));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: "amount-mismatch" });
    // The provider's retry of the same event, and the same payment under a new event id, change nothing.
    expect((await webhook(succeeded("evt_short_1", data))).json()).toMatchObject({ duplicate: true });
    expect((await webhook(succeeded("evt_short_2", data))).statusCode).toBe(200);
    await settle(app);

    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    const recorded = await anomaliesOf(code);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: "amount-mismatch",
      provider: "sandbox",
      providerPaymentId: "pay_short",
      providerEventId: "evt_short_1",
      expectedAmount: total,
      expectedCurrency: "HKD",
      receivedAmount: total - 100,
      receivedCurrency: "HKD",
      resolvedAt: null,
    });
  });

  it("records a wrong currency too, and ten racing deliveries of it leave one anomaly and no paid order", async () => {
    const who = await shopper(app);
    const { code, sessionId, total } = await orderToPay(app, who);
    const data = { sessionId, orderCode: code, paymentId: "pay_usd", amount: total, currency: "USD" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => webhook(succeeded(`evt_usd_${i}`, data))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    const recorded = await anomaliesOf(code);
    expect(recorded.map((row) => [row.receivedAmount, row.receivedCurrency])).toEqual([[total, "USD"]]);
  });

  it("alerts operators once per payment through the services' onPaymentAnomaly", async () => {
    const who = await shopper(app);
    const { code, sessionId, total } = await orderToPay(app, who);
    const alerts: PaymentAnomaly[] = [];
    const services = createServices(app.database.db, {
      env: readEnv({ NODE_ENV: "test" }),
      onPaymentAnomaly: (anomaly) => alerts.push(anomaly),
    });
    const paid = {
      provider: "sandbox",
      sessionId,
      paymentId: "pay_alert",
      amount: total * 10,
      currencyCode: "HKD",
    };
    expect(await services.payment.markPaid({ ...paid, eventId: "evt_alert" })).toBe("amount-mismatch");
    expect(await services.payment.markPaid(paid)).toBe("amount-mismatch");
    expect(alerts).toEqual([
      {
        orderCode: code,
        provider: "sandbox",
        providerPaymentId: "pay_alert",
        providerEventId: "evt_alert",
        expectedAmount: total,
        expectedCurrency: "HKD",
        receivedAmount: total * 10,
        receivedCurrency: "HKD",
      },
    ]);
    const [order] = await app.database.db.select().from(orders).where(eq(orders.code, code));
    expect(order!.status).toBe("PENDING_PAYMENT");
  });
});

describe("the sandbox webhook secret", () => {
  it("is this install's own: an event signed with the old public default is refused", async () => {
    const who = await shopper(app);
    const { code, sessionId, total } = await orderToPay(app, who);
    const forged = succeeded("evt_forged_default", {
      sessionId,
      orderCode: code,
      paymentId: "pay_forged",
      amount: total,
      currency: "HKD",
    });
    const answer = await webhook(forged, "sandbox-webhook-signing-secret");
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ failed: true, code: "purchase.payment.signatureInvalid" });
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    expect(SECRET).not.toBe("sandbox-webhook-signing-secret");
    expect(SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("is not used in production unless the sandbox is chosen explicitly", () => {
    const env = readEnv({
      NODE_ENV: "production",
      APP_DOWNLOAD_URL: "https://roamly.example/app",
      PUBLIC_ORIGIN: "https://shop.roamly.example",
      CODE_HMAC_SECRET: "a-production-secret-of-at-least-32-characters",
    });
    const chosen = createPaymentProviders(env, app.database.db, app.services.jobs);
    expect(chosen.active).toBe("stripe");
    expect(chosen.sandbox).toBeNull();
    expect(chosen.providers.sandbox).toBeUndefined();
  });
});
