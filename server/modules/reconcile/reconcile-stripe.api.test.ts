import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createStripePayments } from "../../providers/payment/stripe.ts";
import { stripeStandinForFile } from "../../standins/stripe/harness.ts";
import {
  orderRow,
  place,
  pricePlan,
  type Shopper,
  settle,
  shopper,
  startPayment,
} from "../checkout/purchase-test-kit.ts";
import { ISSUE_GRACE_MS, utcDay } from "./service.ts";

// The daily reconciliation (issue 29 item 4, ADRs 0365 and 0386) with Stripe as the payment provider: the adapter
// reads the day's charges from the independent Stripe stand-in (docs/testing/stripe-standin.md) over HTTP with
// `GET /v1/charges`. A clean day finds nothing (a declined card's failed charge is no payment), a charge of another
// amount than the order and a refund made at Stripe that our books do not hold are each found once, and so is a
// charge for an order the store never heard was paid.

// Live mode's 100 requests a second: the test's own calls and the store's never meet a 429.
const stripe = stripeStandinForFile({ STANDIN_RATE_PER_SECOND: "100" });
const app = setupTestApp(() => ({
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
}));
let sdk: Stripe;
let webhook: string;

beforeAll(async () => {
  await pricePlan(app);
  const url = new URL(stripe.url);
  sdk = new Stripe(stripe.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
  // Stripe's webhooks reach the store over HTTP, signed, as in real life.
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  webhook = `${address}/o2pay/v1/pub/webhooks/stripe`;
  await stripe.control("webhook", { url: webhook });
});

const today = () => utcDay(new Date());
/** A run's clock once the grace period after the test's payments has passed. */
const later = () => new Date(Date.now() + ISSUE_GRACE_MS + 60_000);

/** A shopper's order paid by card on Stripe's hosted page (after `declined` declines), fulfilled by the store. */
async function paidAtStripe(who: Shopper, options: { declined?: boolean; told?: boolean } = {}) {
  const placed = await place(app, who, {}, { currency: "HKD" });
  expect(placed.statusCode, placed.body).toBe(201);
  const code = placed.json().code as string;
  const { sessionId } = await startPayment(app, who, code, "en_US");
  if (options.declined) await stripe.control("decline", { session: sessionId, method: "card" });
  if (options.told === false) await stripe.control("webhook", { url: null });
  await stripe.control("pay", { session: sessionId, method: "card" });
  if (options.told === false) await stripe.control("webhook", { url: webhook });
  await settle(app);
  const session = await sdk.checkout.sessions.retrieve(sessionId);
  return { code, order: await orderRow(app, code), paymentIntent: session.payment_intent as string };
}

describe("reconciliation with Stripe's charges", () => {
  it("finds nothing on a clean day, a declined attempt before the payment included", async () => {
    const who = await shopper(app);
    const first = await paidAtStripe(who);
    const second = await paidAtStripe(who, { declined: true });
    for (const paid of [first, second]) expect((await orderRow(app, paid.code)).status).toBe("COMPLETED");
    // What the adapter reads is what Stripe lists: one succeeded charge per paid order, with its order code, from
    // every page (here one charge a page, the declined attempt's failed charge among them).
    const url = new URL(stripe.url);
    const adapter = createStripePayments({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret,
      host: url.hostname,
      port: Number(url.port),
      protocol: "http",
      pageSize: 1,
    });
    const charges = await adapter.charges!({
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 60_000),
    });
    expect(charges).toEqual(
      expect.arrayContaining(
        [first, second].map((paid) =>
          expect.objectContaining({
            paymentId: paid.paymentIntent,
            orderCode: paid.code,
            amount: paid.order.total,
            currencyCode: "HKD",
            amountRefunded: 0,
          }),
        ),
      ),
    );
    expect(charges).toHaveLength(2);

    const result = await app.services.reconcile.run(today());
    expect(result.checked).toMatchObject({ orders: 2, providers: 1 });
    expect(result.recorded).toEqual([]);
  });

  it("finds an amount that differs, a refund made at Stripe and a charge the store never heard of, once each", async () => {
    const who = await shopper(app);
    // Amounts differ: our order says more than Stripe charged.
    const changed = await paidAtStripe(who);
    await app.database.db
      .update(orders)
      .set({ total: changed.order.total + 100 })
      .where(eq(orders.id, changed.order.id));
    // A partial refund made at Stripe (the Dashboard, say): our books hold no refund of that order.
    const refunded = await paidAtStripe(who);
    await sdk.refunds.create({ payment_intent: refunded.paymentIntent, amount: 1000 });
    // Paid at Stripe, but its webhook never reached the store: the order is not paid in our books.
    const unheard = await paidAtStripe(who, { told: false });
    expect(unheard.order.status).toBe("PENDING_PAYMENT");

    // The charge whose webhook never came is only looked into once the grace period after it passed (ADR 0390).
    const early = await app.services.reconcile.run(today());
    expect(early.recorded.map((m) => m.kind)).toEqual(["AMOUNT_DIFFERS", "AMOUNT_DIFFERS"]);
    const late = await app.services.reconcile.run(today(), later());
    const first = { recorded: [...early.recorded, ...late.recorded] };
    const found = first.recorded.map((m) => ({
      kind: m.kind,
      party: m.party,
      orderCode: m.orderCode,
      reference: m.reference,
      oursMinor: m.oursMinor,
      theirsMinor: m.theirsMinor,
      currency: m.currency,
    }));
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          kind: "AMOUNT_DIFFERS",
          party: "payment.stripe",
          orderCode: changed.code,
          reference: changed.paymentIntent,
          oursMinor: changed.order.total + 100,
          theirsMinor: changed.order.total,
          currency: "HKD",
        },
        {
          kind: "AMOUNT_DIFFERS",
          party: "payment.stripe",
          orderCode: refunded.code,
          reference: refunded.paymentIntent,
          oursMinor: 0,
          theirsMinor: 1000,
          currency: "HKD",
        },
        {
          kind: "PAID_NOT_ISSUED",
          party: "payment.stripe",
          orderCode: unheard.code,
          reference: unheard.paymentIntent,
          oursMinor: null,
          theirsMinor: unheard.order.total,
          currency: "HKD",
        },
      ]),
    );

    // The same day again: nothing is recorded twice.
    expect((await app.services.reconcile.run(today(), later())).recorded).toEqual([]);
  });

  it("counts a refund still pending at Stripe as not refunded, and finds it once it succeeded", async () => {
    const who = await shopper(app);
    const paid = await paidAtStripe(who);
    // A partial refund made at Stripe that stays pending: Stripe already counts it in the charge's
    // amount_refunded, but no money went back yet.
    await stripe.control("refund-mode", { status: "pending" });
    const refund = await sdk.refunds.create({ payment_intent: paid.paymentIntent, amount: 500 });
    await stripe.control("refund-mode", { status: "succeeded" });
    expect(refund.status).toBe("pending");
    const [charge] = (await sdk.charges.list({ payment_intent: paid.paymentIntent })).data;
    expect(charge!.amount_refunded).toBe(500);

    const ofOrder = (run: { recorded: { orderCode: string | null }[] }) =>
      run.recorded.filter((m) => m.orderCode === paid.code);
    expect(ofOrder(await app.services.reconcile.run(today(), later()))).toEqual([]);

    await stripe.control("refund-settle", { refund: refund.id, status: "succeeded" });
    expect(ofOrder(await app.services.reconcile.run(today(), later()))).toEqual([
      expect.objectContaining({
        kind: "AMOUNT_DIFFERS",
        reference: paid.paymentIntent,
        oursMinor: 0,
        theirsMinor: 500,
        currency: "HKD",
      }),
    ]);
  });
});
