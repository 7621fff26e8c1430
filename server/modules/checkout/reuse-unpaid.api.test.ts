import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { TEST_CARDS } from "../../providers/payment/sandbox.ts";
import {
  fulfilJobs,
  orderRow,
  orderToPay,
  place,
  pricePlan,
  settle,
  shopper,
  startPayment,
  submitCard,
} from "./purchase-test-kit.ts";

// Issue 12 "Unpaid orders pile up": paying again for the same plan reuses the open unpaid order, even when the
// two requests race under different idempotency keys (a second tab, a retry after the page was reloaded).

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

async function ordersOf(customerId: string) {
  return app.database.db.select().from(orders).where(eq(orders.customerId, customerId));
}

describe("placing the same order again", () => {
  it("returns the open unpaid order instead of a new one; a different quantity is a new order", async () => {
    const who = await shopper(app);
    const first = await place(app, who, { quantity: 2 });
    expect(first.statusCode).toBe(201);
    const again = await place(app, who, { quantity: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().code).toBe(first.json().code);
    const other = await place(app, who, { quantity: 3 });
    expect(other.statusCode).toBe(201);
    expect(other.json().code).not.toBe(first.json().code);
    expect(await ordersOf(who.id)).toHaveLength(2);
  });

  it("gives one order to ten racing placements under ten different keys", async () => {
    const who = await shopper(app);
    const results = await Promise.all(Array.from({ length: 10 }, () => place(app, who, { quantity: 1 })));
    expect(results.map((res) => res.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(results.map((res) => res.json().code)).size).toBe(1);
    expect(await ordersOf(who.id)).toHaveLength(1);
  });

  it("does not reuse an order that was cancelled", async () => {
    const who = await shopper(app);
    const first = (await place(app, who, {})).json().code as string;
    const cancelled = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${first}/cancel`,
      headers: { ...who.headers, "x-lang": "en_US" },
    });
    expect(cancelled.statusCode).toBe(200);
    const again = await place(app, who, {});
    expect(again.statusCode).toBe(201);
    expect(again.json().code).not.toBe(first);
  });

  it("sends a reused order whose card was accepted, its webhook not yet applied, to its result: no second page", async () => {
    const who = await shopper(app);
    const { code, redirectUrl, sessionId } = await orderToPay(app, who, { quantity: 2 });
    const paid = await submitCard(app, redirectUrl, TEST_CARDS.success);
    expect(paid.statusCode).toBe(303);
    // The shopper comes back before the webhook's job ran: the order still reads unpaid and is reused.
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
    const again = await place(app, who, { quantity: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json().code).toBe(code);
    // Paying it asks the provider first: the payment is recorded and the result page shown, not a new charge.
    const started = await startPayment(app, who, code, "en_US");
    expect(started.sessionId).toBe(sessionId);
    expect(started.paid).toBe(true);
    expect(started.redirectUrl).toMatch(new RegExp(`/pay/result\\?orderCode=${code}$`));
    expect((await orderRow(app, code)).status).toBe("PAID");
    // Twice (a double tap) answers the same; the late webhook then changes nothing; one fulfilment.
    expect((await startPayment(app, who, code, "en_US")).redirectUrl).toBe(started.redirectUrl);
    await settle(app);
    expect(await fulfilJobs(app, code)).toHaveLength(1);
    expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(app, code)).status);
  });

  it("opens one payment session for racing starts of one order, in this process and across processes", async () => {
    const who = await shopper(app);
    const code = (await place(app, who, { quantity: 1 })).json().code as string;
    const pay = () =>
      app.server.inject({
        method: "POST",
        url: `/o2pay/v1/customer/orders/${code}/pay`,
        headers: who.headers,
      });
    const racing = await Promise.all(Array.from({ length: 6 }, pay));
    expect(racing.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(racing.map((res) => res.json().sessionId)).size).toBe(1);
    const order = await orderRow(app, code);
    expect(await app.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      1,
    );
    // Another process starting the same attempt asks the provider under the same idempotency key: same session.
    const provider = app.services.sandboxPayments!.provider;
    const request = {
      orderCode: code,
      amount: order.total,
      currencyCode: order.currencyCode,
      description: "again",
      customerEmail: who.email,
      locale: "en_US" as const,
      successUrl: "http://localhost/pay/result",
      cancelUrl: "http://localhost/pay/result?cancelled=1",
      expiresAt: order.expiresAt,
      idempotencyKey: `${code}-1`,
    };
    const [first, second] = await Promise.all([
      provider.createCheckoutSession(request),
      provider.createCheckoutSession(request),
    ]);
    expect(second.sessionId).toBe(first.sessionId);
    expect(first.sessionId).toBe(racing[0]!.json().sessionId);
    // The same key with another amount is refused, as Stripe refuses it.
    await expect(provider.createCheckoutSession({ ...request, amount: order.total + 1 })).rejects.toThrow(
      /other parameters/,
    );
  });

  it("after a crash between the provider's answer and our record, the next start resumes that session", async () => {
    const who = await shopper(app);
    const code = (await place(app, who, { quantity: 1 })).json().code as string;
    const order = await orderRow(app, code);
    // The process asked the provider for attempt 1 and died before recording it (kill -9 between the two).
    const orphan = await app.services.sandboxPayments!.provider.createCheckoutSession({
      orderCode: code,
      amount: order.total,
      currencyCode: order.currencyCode,
      description: "before the crash",
      customerEmail: who.email,
      locale: "en_US",
      successUrl: "http://localhost/pay/result",
      cancelUrl: "http://localhost/pay/result?cancelled=1",
      expiresAt: order.expiresAt,
      idempotencyKey: `${code}-1`,
    });
    const started = await startPayment(app, who, code, "en_US");
    expect(started.sessionId).toBe(orphan.sessionId);
    expect(await app.database.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(
      1,
    );
  });

  it("does not cancel an order whose card was accepted before its webhook was applied: it is recorded paid", async () => {
    const who = await shopper(app);
    const { code, redirectUrl } = await orderToPay(app, who, { quantity: 1 });
    expect((await submitCard(app, redirectUrl, TEST_CARDS.success)).statusCode).toBe(303);
    // The shopper cancels (or the expiry job runs) before the webhook's job: closing the session finds it paid.
    await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/cancel`,
      headers: { ...who.headers, "x-lang": "en_US" },
    });
    expect((await orderRow(app, code)).status).toBe("PAID");
    await settle(app);
    expect(await fulfilJobs(app, code)).toHaveLength(1);
  });
});
