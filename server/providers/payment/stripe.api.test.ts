import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { orders } from "../../../db/schema/index.ts";
import type { TestApp } from "../../../test/api.ts";
import { createTestDatabase } from "../../../test/db.ts";
import { buildApp } from "../../app.ts";
import { readEnv } from "../../env.ts";
import {
  bearer,
  encryptPassword,
  GOOD_PASSWORD,
  registerByEmail,
} from "../../modules/account/account-test-kit.ts";
import {
  addCoupon,
  place,
  pricePlan,
  receive,
  type Shopper,
  shopper,
} from "../../modules/checkout/purchase-test-kit.ts";
import { FORGET_CUSTOMER_JOB } from "../../modules/payment/forget-customer.ts";
import { STRIPE_MINIMUM_CHARGE } from "./minimums.ts";
import { createStripePayments } from "./stripe.ts";

// The Stripe adapter against a local HTTP stand-in for api.stripe.com (the SDK takes host, port and
// protocol), with webhooks signed by the SDK's own test helper.

const WEBHOOK_SECRET = "whsec_test_purchase";
const signer = new Stripe("sk_test_signer");

interface Recorded {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

const recorded: Recorded[] = [];
const sessions = new Map<string, Record<string, unknown>>();
const deletedCustomers = new Set<string>();
let standIn: Server;
const app = {} as TestApp;
let database: DatabaseHandle;

function body(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => resolve(text));
  });
}

beforeAll(async () => {
  standIn = createServer(async (request, response) => {
    const form = new URLSearchParams(await body(request));
    const path = (request.url ?? "").split("?")[0]!;
    const key = request.headers["idempotency-key"];
    recorded.push({ method: request.method!, path, form, idempotencyKey: Array.isArray(key) ? key[0] : key });
    const reply = (status: number, json: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomUUID()}` });
      response.end(JSON.stringify(json));
    };
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${randomUUID().replaceAll("-", "")}`;
      const session = {
        id,
        object: "checkout.session",
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]"),
        client_reference_id: form.get("client_reference_id"),
      };
      sessions.set(id, session);
      return reply(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (match && sessions.has(match[1]!)) {
      const session = sessions.get(match[1]!)!;
      if (match[2]) {
        if (session.status !== "open")
          return reply(400, { error: { type: "invalid_request_error", message: "session is not open" } });
        session.status = "expired";
      }
      return reply(200, session);
    }
    const customer = /^\/v1\/customers\/(cus_\w+)$/.exec(path);
    if (request.method === "DELETE" && customer) {
      // Stripe answers resource_missing for a customer that is already deleted.
      if (deletedCustomers.has(customer[1]!))
        return reply(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such customer" },
        });
      deletedCustomers.add(customer[1]!);
      return reply(200, { id: customer[1], object: "customer", deleted: true });
    }
    if (request.method === "POST" && path === "/v1/refunds")
      return reply(200, {
        id: `re_${randomUUID()}`,
        object: "refund",
        status: "succeeded",
        amount: Number(form.get("amount")),
      });
    return reply(404, { error: { type: "invalid_request_error", message: `no route ${path}` } });
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  const port = (standIn.address() as AddressInfo).port;
  database = await createTestDatabase();
  const env = readEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_purchase",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
  const built = await buildApp({ env, database, ssr: "none", logger: false });
  await built.server.ready();
  Object.assign(app, { server: built.server, services: built.services, database });
  await pricePlan(app);
  // HK$59.90 less HK$58.00 leaves HK$1.90, below Stripe's HK$4.00 minimum charge (ADR 0122).
  await addCoupon(app, { code: "STRIPEMIN58", resultReduction: 5800 });
});

afterAll(async () => {
  await app.server?.close();
  await database?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});

/** Marks the stand-in's session paid, as Stripe does when the shopper pays on the hosted page. */
function paySession(sessionId: string, paymentIntent: string) {
  const session = sessions.get(sessionId)!;
  Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: paymentIntent });
  return session;
}

function event(type: string, object: Record<string, unknown>) {
  // Pretty-printed on purpose: the signature covers these exact bytes, not a re-serialization.
  return JSON.stringify({ id: `evt_${randomUUID()}`, object: "event", type, data: { object } }, null, 2);
}

function webhook(payload: string, secret = WEBHOOK_SECRET) {
  return app.server.inject({
    method: "POST",
    url: "/o2pay/v1/pub/webhooks/stripe",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

async function startPaying(who: Shopper) {
  const placed = await place(app, who, { quantity: 1 }, { currency: "JPY", lang: "zh_HK" });
  const code = placed.json().code as string;
  const started = await app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: { ...who.headers, "x-lang": "zh_HK" },
  });
  expect(started.statusCode).toBe(200);
  return { code, ...(started.json() as { sessionId: string; redirectUrl: string; provider: string }) };
}

const statusOf = async (code: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.code, code)))[0]!.status;

describe("Stripe Checkout adapter", () => {
  it("creates a Checkout Session for the order total in zero-decimal JPY, idempotently", async () => {
    const who = await shopper(app);
    const { code, sessionId, redirectUrl, provider } = await startPaying(who);
    expect(provider).toBe("stripe");
    expect(redirectUrl).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const create = recorded.find(
      (r) => r.path === "/v1/checkout/sessions" && r.form.get("client_reference_id") === code,
    )!;
    expect(create.form.get("mode")).toBe("payment");
    expect(create.form.get("line_items[0][price_data][currency]")).toBe("jpy");
    expect(create.form.get("line_items[0][price_data][unit_amount]")).toBe("1160");
    expect(create.form.get("locale")).toBe("zh-HK");
    expect(create.form.get("customer_email")).toBe(who.email);
    expect(create.form.get("success_url")).toMatch(new RegExp(`/zh_HK/pay/result\\?orderCode=${code}$`));
    expect(Number(create.form.get("expires_at"))).toBeGreaterThanOrEqual(
      Math.floor(Date.now() / 1000) + 30 * 60,
    );
    expect(create.idempotencyKey).toBe(`${code}-1@${create.form.get("expires_at")}`);
  });

  it("fulfils once from signed webhooks, refuses a bad signature, and refunds through the API", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    const completed = event("checkout.session.completed", paySession(sessionId, "pi_test_one"));

    const forged = await webhook(completed, "whsec_someone_else");
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe("purchase.payment.signatureInvalid");
    const tampered = await app.server.inject({
      method: "POST",
      url: "/o2pay/v1/pub/webhooks/stripe",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signer.webhooks.generateTestHeaderString({
          payload: completed,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: completed.replace('"amount_total": 1160', '"amount_total": 1'),
    });
    expect(tampered.statusCode).toBe(400);
    expect(await statusOf(code)).toBe("PENDING_PAYMENT");

    for (let i = 0; i < 5; i += 1) expect((await webhook(completed)).statusCode).toBe(200);
    expect((await webhook(event("checkout.session.completed", sessions.get(sessionId)!))).statusCode).toBe(
      200,
    );
    await app.services.jobs.drain();
    expect(await statusOf(code)).toBe("FULFILLING");
    const [order] = await app.database.db.select().from(orders).where(eq(orders.code, code));
    expect(order).toMatchObject({ paymentProvider: "stripe", providerPaymentId: "pi_test_one" });

    expect(await app.services.order.startRefund(order!.id, "provisioning-failed")).toBe(true);
    await app.services.jobs.drain();
    const refund = recorded.find(
      (r) => r.path === "/v1/refunds" && r.form.get("payment_intent") === "pi_test_one",
    )!;
    expect(refund.form.get("amount")).toBe("1160");
    expect(refund.idempotencyKey).toBe("refund-pi_test_one");
    expect(await statusOf(code)).toBe("REFUNDING");
    const refunded = event("charge.refunded", {
      id: "ch_test_one",
      object: "charge",
      payment_intent: "pi_test_one",
      refunded: true,
      amount_refunded: 1160,
    });
    expect((await webhook(refunded)).statusCode).toBe(200);
    expect(await statusOf(code)).toBe("REFUNDED");
  });

  it("confirms a payment from the return page by asking Stripe, before any webhook", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    paySession(sessionId, "pi_test_return");
    const status = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/status`,
      headers: who.headers,
    });
    expect(status.json()).toMatchObject({ status: "PAID", paid: true, currencyCode: "JPY", total: 1160 });
  });

  it("expires the Stripe session when the order expires", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    await app.services.jobs.drain(new Date(Date.now() + 31 * 60_000));
    expect(await statusOf(code)).toBe("CANCELLED");
    expect(sessions.get(sessionId)!.status).toBe("expired");
    expect(recorded.some((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`)).toBe(true);
  });
});

describe("Stripe's minimum charge (ADRs 0122, 0148, 0149)", () => {
  it("answers Stripe's table in minor units, zero-decimal yen included, and the settlement floor for CNY", async () => {
    const stripe = createStripePayments({ secretKey: "sk_test_min", webhookSecret: WEBHOOK_SECRET });
    const rates = await app.services.site.currencies();
    expect(stripe.minimumAmount("HKD", rates)).toBe(400);
    expect(stripe.minimumAmount("usd", rates)).toBe(50);
    expect(stripe.minimumAmount("EUR", rates)).toBe(50);
    expect(stripe.minimumAmount("GBP", rates)).toBe(30);
    expect(stripe.minimumAmount("JPY", rates)).toBe(50);
    expect(stripe.minimumAmount("HUF", rates)).toBe(17500);
    expect(Object.keys(STRIPE_MINIMUM_CHARGE)).toHaveLength(24);
    // Not listed: US$0.55 at the seeded rates (US$ 0.128, ¥0.92 per HK$1) is ¥3.9531…, so ¥3.96.
    expect(stripe.minimumAmount("CNY", rates)).toBe(396);
  });

  it("refuses to place HK$1.90 with a 409 naming HK$4.00, without asking Stripe for a session", async () => {
    const who = await shopper(app);
    expect((await receive(app, who, "STRIPEMIN58")).statusCode).toBe(200);
    const quoted = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/checkout/quote",
      headers: { ...who.headers, "x-currency": "HKD" },
      payload: { platformProductCode: "JP-3GB-30D", quantity: 1, couponCode: "STRIPEMIN58" },
    });
    expect(quoted.json()).toMatchObject({ total: 190, belowPaymentMinimum: { minimum: 400 } });
    const before = recorded.length;
    const refused = await place(app, who, { couponCode: "STRIPEMIN58" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "purchase.payment.belowMinimum",
      message:
        "Card payments must be at least HK$4.00. Order again with another coupon or a larger quantity.",
    });
    expect(recorded.length).toBe(before);
  });

  it("still refuses to pay an order left below the minimum (placed before ADR 0148), without asking Stripe", async () => {
    const who = await shopper(app);
    const code = (await place(app, who, {})).json().code as string;
    await app.database.db.update(orders).set({ total: 190 }).where(eq(orders.code, code));
    const res = await app.server.inject({
      method: "POST",
      url: `/o2pay/v1/customer/orders/${code}/pay`,
      headers: { ...who.headers, "x-lang": "en_US" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "purchase.payment.belowMinimum" });
    expect(recorded.filter((r) => r.form.get("client_reference_id") === code)).toEqual([]);
  });

  // Issue 14.13 / ADR 0165: a deleted account's Stripe customer is deleted through Stripe, by a durable job.
  it("deletes the shopper's Stripe customer after the account is deleted, once", async () => {
    const tokens = await registerByEmail(app, "stripe-leaver@example.com");
    const who = { id: "", email: "stripe-leaver@example.com", headers: bearer(tokens.accessToken) };
    const { sessionId } = await startPaying(who);
    sessions.get(sessionId)!.customer = "cus_leaver";
    const deleted = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(tokens.accessToken),
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(deleted.statusCode).toBe(200);
    const deletions = () =>
      recorded.filter((r) => r.method === "DELETE" && r.path === "/v1/customers/cus_leaver");
    expect(deletions()).toHaveLength(0);
    await app.services.jobs.drain(new Date(Date.now() + 60_000));
    expect(deletions()).toHaveLength(1);
    expect(deletedCustomers.has("cus_leaver")).toBe(true);
    const [job] = await app.services.jobs.list([FORGET_CUSTOMER_JOB]);
    expect(job).toMatchObject({ status: "DONE", payload: { provider: "stripe", sessionIds: [sessionId] } });
    // Asked again (a worker that died after the call), the provider's "already deleted" is not a failure.
    const adapter = createStripePayments({
      secretKey: "sk_test_purchase",
      webhookSecret: WEBHOOK_SECRET,
      host: "127.0.0.1",
      port: (standIn.address() as AddressInfo).port,
      protocol: "http",
    });
    await expect(adapter.forgetCustomer([sessionId])).resolves.toBeUndefined();
    expect(deletions()).toHaveLength(2);
  });
});
