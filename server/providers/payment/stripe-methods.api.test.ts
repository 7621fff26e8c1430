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
  fulfilJobs,
  place,
  pricePlan,
  type Shopper,
  shopper,
} from "../../modules/checkout/purchase-test-kit.ts";
import { stripeStandinForFile } from "../../standins/stripe/harness.ts";

// The Stripe adapter's methods and saved cards (issue 30 items 3-4; ADRs 0323-0325) against the independent Stripe
// stand-in (docs/testing/stripe-standin.md), driven only through its documented API and controls: each method
// where Stripe takes it for the currency, WeChat Pay's client, Alipay's and WeChat Pay's late (asynchronous)
// success and failure through the one idempotent fulfilment, a Customer per shopper with its saved cards.

// This file tests methods, not limits: it allows live mode's 100 requests a second (the stand-in's default is test mode's 25),
// so a burst of the adapter's own calls and the test's checks never meets a 429 the adapter does not retry.
const standin = stripeStandinForFile({ STANDIN_RATE_PER_SECOND: "100" });
const app = {} as TestApp;
let database: DatabaseHandle;
let sdk: Stripe;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  const url = new URL(standin.url);
  sdk = new Stripe(standin.secretKey, { host: url.hostname, port: Number(url.port), protocol: "http" });
  database = await createTestDatabase();
  const env = readEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: standin.secretKey,
    STRIPE_WEBHOOK_SECRET: standin.webhookSecret,
    STRIPE_API_BASE: standin.url,
  });
  const built = await buildApp({ env, database, ssr: "none", logger: false });
  await built.server.ready();
  Object.assign(app, { server: built.server, services: built.services, database });
  await pricePlan(app);
});

afterAll(async () => {
  await app.server?.close();
  await database?.close();
});

async function startPaying(who: Shopper, currency = "HKD", lang = "zh_CN") {
  const placed = await place(app, who, { quantity: 1 }, { currency, lang });
  expect(placed.statusCode, placed.body).toBe(201);
  const code = placed.json().code as string;
  const started = await app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: { ...who.headers, "x-lang": lang },
  });
  expect(started.statusCode, started.body).toBe(200);
  return { code, sessionId: started.json().sessionId as string };
}

interface Delivery {
  id: string;
  type: string;
  payload: string;
}

/** The stand-in's events about a session (or its PaymentIntent), in the order it made them. */
async function eventsOf(sessionId: string, type: string): Promise<Delivery[]> {
  const answer = (await standin.control("events", { type })) as Delivery[] | { events: Delivery[] };
  const list = Array.isArray(answer) ? answer : answer.events;
  return list.filter((event) => {
    const object = JSON.parse(event.payload).data.object as { id: string; metadata?: Record<string, string> };
    return event.type === type && object.id === sessionId;
  });
}

/** Delivers one recorded event to the store's webhook, signed with the webhook secret over its exact bytes. */
function deliver(event: Delivery) {
  return app.server.inject({
    method: "POST",
    url: "/o2pay/v1/pub/webhooks/stripe",
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": signer.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: standin.webhookSecret,
      }),
    },
    payload: event.payload,
  });
}

const statusOf = async (code: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.code, code)))[0]!.status;

const settle = () => app.services.jobs.drain(new Date(Date.now() + 60_000));

describe("the Stripe adapter's methods", () => {
  it("asks for card, Alipay and WeChat Pay (client web) in HKD, for the shopper's Customer", async () => {
    const who = await shopper(app);
    const { sessionId } = await startPaying(who, "HKD");
    const session = await sdk.checkout.sessions.retrieve(sessionId);
    expect([...session.payment_method_types].sort()).toEqual(["alipay", "card", "wechat_pay"]);
    expect(session.payment_method_options?.wechat_pay).toMatchObject({ client: "web" });
    expect(session.customer).toMatch(/^cus_/);
    expect(session.saved_payment_method_options?.payment_method_save).toBe("enabled");
  });

  it("Alipay: pays once, however often checkout.session.completed arrives", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    await standin.control("pay", { session: sessionId, method: "alipay" });
    const [completed] = await eventsOf(sessionId, "checkout.session.completed");
    expect(completed).toBeDefined();
    const first = await deliver(completed!);
    expect(first.json()).toMatchObject({ received: true, duplicate: false });
    const again = await deliver(completed!);
    expect(again.json()).toMatchObject({ received: true, duplicate: true });
    await settle();
    expect(["PAID", "FULFILLING", "COMPLETED"]).toContain(await statusOf(code));
    expect(await fulfilJobs(app, code)).toHaveLength(1);
  });

  it("WeChat Pay settling later: unpaid at completion, paid once on async_payment_succeeded", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    await standin.control("pay-async", { session: sessionId, method: "wechat_pay" });
    const [completed] = await eventsOf(sessionId, "checkout.session.completed");
    expect((await deliver(completed!)).statusCode).toBe(200);
    await settle();
    expect(await statusOf(code)).toBe("PENDING_PAYMENT");
    // The return page asks Stripe: still unpaid, so still not paid.
    const status = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/status`,
      headers: who.headers,
    });
    expect(status.json().paid).toBe(false);

    await standin.control("async-succeed", { session: sessionId });
    const [succeeded] = await eventsOf(sessionId, "checkout.session.async_payment_succeeded");
    expect((await deliver(succeeded!)).json()).toMatchObject({ duplicate: false });
    expect((await deliver(succeeded!)).json()).toMatchObject({ duplicate: true });
    await settle();
    expect(["PAID", "FULFILLING", "COMPLETED"]).toContain(await statusOf(code));
    expect(await fulfilJobs(app, code)).toHaveLength(1);
  });

  it("a late failure is recorded and leaves the order unpaid", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    await standin.control("pay-async", { session: sessionId, method: "alipay" });
    await standin.control("async-fail", { session: sessionId });
    const [failed] = await eventsOf(sessionId, "checkout.session.async_payment_failed");
    expect((await deliver(failed!)).json()).toMatchObject({ outcome: "failure-recorded" });
    await settle();
    expect(await statusOf(code)).toBe("PENDING_PAYMENT");
    expect(await fulfilJobs(app, code)).toHaveLength(0);

    // Paying again makes a new session: the failed one completed and can never be paid.
    const again = await app.server.inject({
      method: "POST",
      url: `/o2pay/v1/customer/orders/${code}/pay`,
      headers: { ...who.headers, "x-lang": "zh_CN" },
    });
    expect(again.statusCode, again.body).toBe(200);
    const retried = again.json().sessionId as string;
    expect(retried).not.toBe(sessionId);
    await standin.control("pay", { session: retried, method: "card" });
    const [completed] = await eventsOf(retried, "checkout.session.completed");
    expect((await deliver(completed!)).statusCode).toBe(200);
    await settle();
    expect(["PAID", "FULFILLING", "COMPLETED"]).toContain(await statusOf(code));
  });

  it("a delayed payment still settling is resumed, not paid twice", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await startPaying(who);
    await standin.control("pay-async", { session: sessionId, method: "wechat_pay" });
    const again = await app.server.inject({
      method: "POST",
      url: `/o2pay/v1/customer/orders/${code}/pay`,
      headers: { ...who.headers, "x-lang": "zh_CN" },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().sessionId).toBe(sessionId);
  });
});

describe("saved cards at Stripe", () => {
  it("one Customer per shopper: a saved card is listed, offered again, and removed by its owner only", async () => {
    const who = await shopper(app);
    const other = await shopper(app);
    const first = await startPaying(who, "HKD", "en_US");
    await standin.control("pay", { session: first.sessionId, method: "card", save: true });
    const [paidFirst] = await eventsOf(first.sessionId, "checkout.session.completed");
    expect((await deliver(paidFirst!)).statusCode).toBe(200);
    const list = async (shopperOf: Shopper) =>
      (
        await app.server.inject({
          method: "GET",
          url: "/o2pay/v1/customer/payment-methods",
          headers: shopperOf.headers,
        })
      ).json().cards as { id: string; last4: string; brand: string }[];
    const cards = await list(who);
    expect(cards).toHaveLength(1);
    expect(cards[0]!.id).toMatch(/^pm_/);
    expect(await list(other)).toEqual([]);

    // The second session is for the same Customer: Checkout offers the saved card; paying with it works.
    const second = await startPaying(who, "HKD", "en_US");
    const [one, two] = await Promise.all([
      sdk.checkout.sessions.retrieve(first.sessionId),
      sdk.checkout.sessions.retrieve(second.sessionId),
    ]);
    expect(two.customer).toBe(one.customer);
    await standin.control("pay", { session: second.sessionId, paymentMethod: cards[0]!.id });
    const [completed] = await eventsOf(second.sessionId, "checkout.session.completed");
    expect((await deliver(completed!)).statusCode).toBe(200);
    await settle();
    expect(await fulfilJobs(app, second.code)).toHaveLength(1);

    const stranger = await app.server.inject({
      method: "DELETE",
      url: `/o2pay/v1/customer/payment-methods/${cards[0]!.id}`,
      headers: other.headers,
    });
    expect(stranger.statusCode).toBe(404);
    expect(await list(who)).toHaveLength(1);
    const removed = await app.server.inject({
      method: "DELETE",
      url: `/o2pay/v1/customer/payment-methods/${cards[0]!.id}`,
      headers: who.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(await list(who)).toEqual([]);
  });

  it("deleting the account deletes the shopper's Customer at Stripe", async () => {
    const email = `stripe-leaves-${Date.now()}@example.com`;
    const tokens = await registerByEmail(app, email);
    const who = { id: "", email, headers: bearer(tokens.accessToken) };
    const { sessionId } = await startPaying(who, "HKD", "en_US");
    const customer = (await sdk.checkout.sessions.retrieve(sessionId)).customer as string;
    const deleted = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(tokens.accessToken),
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(deleted.statusCode).toBe(200);
    await settle();
    const gone = (await sdk.customers.retrieve(customer)) as { deleted?: boolean };
    expect(gone.deleted).toBe(true);
  });
});
