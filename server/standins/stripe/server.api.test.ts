import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stripeStandinForFile } from "./harness.ts";

// The Stripe stand-in over HTTP, through Stripe's official SDK and plain form-encoded fetches, against Stripe's
// documents (docs/testing/stripe-standin.md, ADR 0326). No store code is involved.

const standin = stripeStandinForFile({ STANDIN_RATE_PER_SECOND: "1000" });
let stripe: Stripe;

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}
const received: Received[] = [];
const hook: Server = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString("utf8");
  received.push({ headers: request.headers, raw, event: JSON.parse(raw) });
  response.writeHead(200);
  response.end();
});

beforeAll(async () => {
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const address = hook.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await standin.control("webhook", { url: `http://127.0.0.1:${port}/stripe` });
  const url = new URL(standin.url);
  stripe = new Stripe(standin.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await new Promise<void>((resolve) => hook.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
});

/** A raw call as the SDK would encode it, to see statuses, headers and bodies exactly. */
async function api(
  method: string,
  path: string,
  form?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const response = await fetch(`${standin.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${standin.secretKey}`,
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: Stripe objects differ per endpoint
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}

const hkdItem = {
  "line_items[0][price_data][currency]": "hkd",
  "line_items[0][price_data][unit_amount]": "3500",
  "line_items[0][price_data][product_data][name]": "Japan 5 GB 7 days",
  "line_items[0][quantity]": "1",
  success_url: "https://shop.example/pay/return?session={CHECKOUT_SESSION_ID}",
  cancel_url: "https://shop.example/pay/cancelled",
};

async function session(extra: Record<string, string> = {}) {
  const created = await api("POST", "/v1/checkout/sessions", {
    ...hkdItem,
    "payment_method_types[0]": "card",
    "payment_method_types[1]": "alipay",
    "payment_method_types[2]": "wechat_pay",
    "payment_method_options[wechat_pay][client]": "web",
    ...extra,
  });
  expect(created.status).toBe(200);
  return created.json as { id: string; url: string };
}

const types = () => received.map((r) => r.event.type);

/** Events caused by API calls arrive in the background (as Stripe sends them): wait for them. */
async function until(done: () => boolean) {
  for (let waited = 0; !done() && waited < 10_000; waited += 25)
    await new Promise((resolve) => setTimeout(resolve, 25));
}

describe("authentication and errors", () => {
  it("refuses a missing or wrong key with Stripe's error shape", async () => {
    const none = await fetch(`${standin.url}/v1/customers/cus_x`);
    expect(none.status).toBe(401);
    const body = (await none.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toContain("You did not provide an API key");
    const wrong = await api("GET", "/v1/customers/cus_x", undefined, {
      authorization: "Bearer sk_test_wrong",
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.error.message).toMatch(/^Invalid API Key provided/);
  });

  it("answers 404 resource_missing for an unknown object and an unknown URL", async () => {
    const missing = await api("GET", "/v1/customers/cus_nope");
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ type: "invalid_request_error", code: "resource_missing" });
    expect(missing.json.error.message).toBe("No such customer: 'cus_nope'");
    const unknown = await api("GET", "/v1/nothing");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toContain("Unrecognized request URL (GET: /v1/nothing)");
  });

  it("answers 429 rate_limit when the limit is reached", async () => {
    await standin.control("rate-limit", { next: 1 });
    const limited = await api("GET", "/v1/customers/cus_x");
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe("rate_limit");
    expect((await api("GET", "/v1/customers/cus_x")).status).toBe(404);
  });
});

describe("POST /v1/checkout/sessions", () => {
  it("creates an open, unpaid session with a hosted url and no PaymentIntent yet", async () => {
    const created = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          price_data: { currency: "hkd", unit_amount: 3500, product_data: { name: "Japan 5 GB" } },
          quantity: 2,
        },
      ],
      allowed_payment_method_types: ["card", "alipay", "wechat_pay"],
      payment_method_options: { wechat_pay: { client: "web" } },
      success_url: "https://shop.example/ok",
      metadata: { order: "R1" },
    });
    expect(created).toMatchObject({
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: 7000,
      currency: "hkd",
      metadata: { order: "R1" },
      payment_method_types: ["card", "alipay", "wechat_pay"],
    });
    expect(created.id).toMatch(/^cs_test_/);
    expect(created.url).toBe(`${standin.url}/c/pay/${created.id}`);
    const read = await stripe.checkout.sessions.retrieve(created.id);
    expect(read.id).toBe(created.id);
  });

  it("requires payment_method_options[wechat_pay][client] when WeChat Pay is asked for", async () => {
    const refused = await api("POST", "/v1/checkout/sessions", {
      ...hkdItem,
      "payment_method_types[0]": "card",
      "payment_method_types[1]": "wechat_pay",
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      type: "invalid_request_error",
      code: "parameter_missing",
      param: "payment_method_options[wechat_pay][client]",
    });
    const ios = await api("POST", "/v1/checkout/sessions", {
      ...hkdItem,
      "payment_method_types[0]": "wechat_pay",
      "payment_method_options[wechat_pay][client]": "ios",
    });
    expect(ios.json.error.param).toBe("payment_method_options[wechat_pay][app_id]");
  });

  it("refuses a listed method the currency does not support, and drops it from an allowed list", async () => {
    const chf = {
      ...hkdItem,
      "line_items[0][price_data][currency]": "chf",
      "line_items[0][price_data][unit_amount]": "900",
    };
    const refused = await api("POST", "/v1/checkout/sessions", {
      ...chf,
      "payment_method_types[0]": "card",
      "payment_method_types[1]": "alipay",
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.param).toBe("payment_method_types");
    const filtered = await api("POST", "/v1/checkout/sessions", {
      ...chf,
      "allowed_payment_method_types[0]": "card",
      "allowed_payment_method_types[1]": "alipay",
    });
    expect(filtered.status).toBe(200);
    expect(filtered.json.payment_method_types).toEqual(["card"]);
    // CNY: Alipay and WeChat Pay both present it ([PM-ALIPAY] presentment list, [PM-WECHAT]).
    const cny = await api("POST", "/v1/checkout/sessions", {
      ...hkdItem,
      "line_items[0][price_data][currency]": "cny",
      "payment_method_types[0]": "alipay",
      "payment_method_types[1]": "wechat_pay",
      "payment_method_options[wechat_pay][client]": "web",
    });
    expect(cny.status).toBe(200);
  });

  it("refuses customer with customer_email, an amount below the minimum and an unknown parameter", async () => {
    const customer = await stripe.customers.create({ email: "a@example.com" });
    const both = await api("POST", "/v1/checkout/sessions", {
      ...hkdItem,
      customer: customer.id,
      customer_email: "a@example.com",
    });
    expect(both.json.error.message).toBe(
      "You may only specify one of these parameters: customer, customer_email.",
    );
    const small = await api("POST", "/v1/checkout/sessions", {
      ...hkdItem,
      "line_items[0][price_data][unit_amount]": "300",
    });
    expect(small.json.error.code).toBe("amount_too_small");
    const unknown = await api("POST", "/v1/checkout/sessions", { ...hkdItem, colour: "red" });
    expect(unknown.json.error).toMatchObject({ code: "parameter_unknown", param: "colour" });
  });

  it("reads `a[]=` arrays as well as indexed ones", async () => {
    const body = new URLSearchParams({ ...hkdItem });
    body.append("payment_method_types[]", "card");
    body.append("payment_method_types[]", "alipay");
    const response = await fetch(`${standin.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: { authorization: `Bearer ${standin.secretKey}` },
      body,
    });
    const json = (await response.json()) as { payment_method_types: string[] };
    expect(json.payment_method_types).toEqual(["card", "alipay"]);
  });
});

describe("paying on the hosted page", () => {
  it("a card payment completes the session once and sends signed events", async () => {
    const { id } = await session();
    const paid = await standin.control<{ redirect: string; paymentIntent: string }>("pay", {
      session: id,
      method: "card",
    });
    expect(paid.redirect).toBe(`https://shop.example/pay/return?session=${id}`);
    expect(types()).toEqual(["charge.succeeded", "payment_intent.succeeded", "checkout.session.completed"]);
    for (const delivery of received) {
      const event = stripe.webhooks.constructEvent(
        delivery.raw,
        String(delivery.headers["stripe-signature"]),
        standin.webhookSecret,
      );
      expect(event.id).toBe(delivery.event.id);
    }
    expect(() =>
      stripe.webhooks.constructEvent(
        received[0]!.raw,
        String(received[0]!.headers["stripe-signature"]),
        "whsec_other",
      ),
    ).toThrow();
    const read = await stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge"] });
    expect(read).toMatchObject({ status: "complete", payment_status: "paid" });
    const intent = read.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({ id: paid.paymentIntent, status: "succeeded", amount_received: 3500 });
    expect((intent.latest_charge as Stripe.Charge).status).toBe("succeeded");
    await expect(standin.control("pay", { session: id })).rejects.toThrow(/complete/);
    expect(await standin.control("charges", { session: id })).toMatchObject({
      succeeded: 1,
      amountCaptured: 3500,
    });
  });

  it("a declined card leaves the session open, then a second try succeeds", async () => {
    const { id } = await session();
    await standin.control("decline", { session: id, declineCode: "insufficient_funds" });
    expect(types()).toEqual(["charge.failed", "payment_intent.payment_failed"]);
    const failed = received[1]!.event.data.object as { last_payment_error: Record<string, unknown> };
    expect(failed.last_payment_error).toMatchObject({
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
    });
    expect((await stripe.checkout.sessions.retrieve(id)).status).toBe("open");
    await standin.control("pay", { session: id, method: "apple_pay" });
    expect(await standin.control("charges", { session: id })).toMatchObject({ succeeded: 1, failed: 1 });
  });

  it("cancelling changes nothing and sends nothing", async () => {
    const { id } = await session();
    const cancelled = await standin.control<{ redirect: string }>("cancel", { session: id });
    expect(cancelled.redirect).toBe("https://shop.example/pay/cancelled");
    expect(received).toHaveLength(0);
    expect((await stripe.checkout.sessions.retrieve(id)).status).toBe("open");
  });

  it("a delayed payment completes unpaid, then succeeds or fails later", async () => {
    const later = await session();
    await standin.control("pay-async", { session: later.id, method: "alipay" });
    expect(types()).toEqual(["checkout.session.completed"]);
    expect(received[0]!.event.data.object).toMatchObject({ status: "complete", payment_status: "unpaid" });
    await standin.control("async-succeed", { session: later.id });
    expect(types().at(-1)).toBe("checkout.session.async_payment_succeeded");
    expect((await stripe.checkout.sessions.retrieve(later.id)).payment_status).toBe("paid");

    received.length = 0;
    const failing = await session();
    await standin.control("pay-async", { session: failing.id, method: "wechat_pay" });
    await standin.control("async-fail", { session: failing.id });
    expect(types()).toEqual([
      "checkout.session.completed",
      "charge.failed",
      "payment_intent.payment_failed",
      "checkout.session.async_payment_failed",
    ]);
    expect(await standin.control("charges", { session: failing.id })).toMatchObject({
      succeeded: 0,
      failed: 1,
    });
  });

  it("expiring sends checkout.session.expired and only works on an open session", async () => {
    const { id } = await session();
    const expired = await stripe.checkout.sessions.expire(id);
    expect(expired.status).toBe("expired");
    await until(() => received.length > 0);
    expect(types()).toEqual(["checkout.session.expired"]);
    const again = await api("POST", `/v1/checkout/sessions/${id}/expire`);
    expect(again.status).toBe(400);
  });

  it("the hosted page pays with a button and redirects to success_url", async () => {
    const { url, id } = await session();
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain("Alipay");
    expect(html).toContain("WeChat Pay");
    const posted = await fetch(url, {
      method: "POST",
      body: new URLSearchParams({ do: "pay:wechat_pay" }),
      redirect: "manual",
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get("location")).toBe(`https://shop.example/pay/return?session=${id}`);
    expect((await stripe.checkout.sessions.retrieve(id)).payment_status).toBe("paid");
  });
});

describe("the hosted page", () => {
  it("shows a declined card's alert, offers the saved card, and goes back to cancel_url", async () => {
    const customer = await stripe.customers.create({ email: "page@example.com" });
    const first = await session({
      customer: customer.id,
      "saved_payment_method_options[payment_method_save]": "enabled",
    });
    const declined = await fetch(first.url, {
      method: "POST",
      body: new URLSearchParams({ do: "decline:card" }),
    });
    expect(await declined.text()).toContain('role="alert"');
    const saved = await fetch(first.url, {
      method: "POST",
      body: new URLSearchParams({ do: "pay:card", save: "1" }),
      redirect: "manual",
    });
    expect(saved.status).toBe(303);
    const [card] = (await stripe.customers.listPaymentMethods(customer.id)).data;
    const second = await session({
      customer: customer.id,
      "saved_payment_method_options[payment_method_save]": "enabled",
    });
    const page = await (await fetch(second.url)).text();
    expect(page).toContain(`saved:${card!.id}`);
    const back = await fetch(second.url, {
      method: "POST",
      body: new URLSearchParams({ do: "cancel:-" }),
      redirect: "manual",
    });
    expect(back.headers.get("location")).toBe("https://shop.example/pay/cancelled");
    const paid = await fetch(second.url, {
      method: "POST",
      body: new URLSearchParams({ do: `saved:${card!.id}` }),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    expect((await stripe.checkout.sessions.retrieve(second.id)).payment_status).toBe("paid");

    const third = await session({
      customer: customer.id,
      "saved_payment_method_options[payment_method_remove]": "enabled",
    });
    expect(await (await fetch(third.url)).text()).toContain(`remove:${card!.id}`);
    received.length = 0;
    await fetch(third.url, { method: "POST", body: new URLSearchParams({ do: `remove:${card!.id}` }) });
    expect(types()).toEqual(["payment_method.detached"]);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(0);
  });
});

describe("saved cards", () => {
  it("a ticked card is saved, shown to the returning customer, paid with, and detached", async () => {
    const customer = await stripe.customers.create({ email: "traveller@example.com" });
    const first = await session({
      customer: customer.id,
      "saved_payment_method_options[payment_method_save]": "enabled",
    });
    const paid = await standin.control<{ paymentMethod: string }>("pay", {
      session: first.id,
      method: "card",
      save: true,
    });
    expect(types()[0]).toBe("payment_method.attached");
    const saved = await stripe.customers.listPaymentMethods(customer.id);
    expect(saved.data.map((m) => [m.id, m.allow_redisplay, m.card?.last4])).toEqual([
      [paid.paymentMethod, "always", "4242"],
    ]);
    const alipay = await session({ customer: customer.id });
    await standin.control("pay", { session: alipay.id, method: "alipay" });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(1);

    const second = await session({ customer: customer.id });
    await standin.control("pay", { session: second.id, paymentMethod: paid.paymentMethod });
    expect((await stripe.checkout.sessions.retrieve(second.id)).payment_status).toBe("paid");

    const detached = await stripe.paymentMethods.detach(paid.paymentMethod);
    expect(detached.customer).toBeNull();
    expect((await stripe.customers.listPaymentMethods(customer.id)).data).toHaveLength(0);
    const again = await api("POST", `/v1/payment_methods/${paid.paymentMethod}/detach`);
    expect(again.status).toBe(400);
  });

  it("setup_future_usage saves the card as limited, which Checkout does not show by default", async () => {
    const customer = await stripe.customers.create({ email: "b@example.com" });
    const first = await session({
      customer: customer.id,
      "payment_intent_data[setup_future_usage]": "off_session",
    });
    const paid = await standin.control<{ paymentMethod: string }>("pay", {
      session: first.id,
      method: "card",
    });
    const [method] = (await stripe.customers.listPaymentMethods(customer.id)).data;
    expect(method).toMatchObject({ id: paid.paymentMethod, allow_redisplay: "limited" });
    const second = await session({ customer: customer.id });
    await expect(
      standin.control("pay", { session: second.id, paymentMethod: paid.paymentMethod }),
    ).rejects.toThrow(/allow_redisplay=limited/);
  });

  it("a deleted customer reads as deleted", async () => {
    const customer = await stripe.customers.create({ email: "c@example.com" });
    await stripe.customers.del(customer.id);
    const read = await api("GET", `/v1/customers/${customer.id}`);
    expect(read.json).toEqual({ id: customer.id, object: "customer", deleted: true });
  });
});

describe("refunds and idempotency", () => {
  async function paidIntent() {
    const { id } = await session();
    const paid = await standin.control<{ paymentIntent: string }>("pay", { session: id, method: "card" });
    received.length = 0;
    return { session: id, intent: paid.paymentIntent };
  }

  it("replays a refund for the same key, refuses the key with other parameters, and refuses too much", async () => {
    const { session: id, intent } = await paidIntent();
    const key = { "idempotency-key": `refund-${intent}` };
    const first = await api("POST", "/v1/refunds", { payment_intent: intent, amount: "1000" }, key);
    const second = await api("POST", "/v1/refunds", { payment_intent: intent, amount: "1000" }, key);
    expect(first.status).toBe(200);
    expect(second.json.id).toBe(first.json.id);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const other = await api("POST", "/v1/refunds", { payment_intent: intent, amount: "900" }, key);
    expect(other.status).toBe(400);
    expect(other.json.error.type).toBe("idempotency_error");
    const tooMuch = await api("POST", "/v1/refunds", { payment_intent: intent, amount: "3000" });
    expect(tooMuch.json.error.code).toBe("amount_too_large");
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest).toMatchObject({ amount: 2500, status: "succeeded" });
    const done = await api("POST", "/v1/refunds", { payment_intent: intent });
    expect(done.json.error.code).toBe("charge_already_refunded");
    expect(await standin.control("charges", { session: id })).toMatchObject({ amountRefunded: 3500 });
    await until(() => types().filter((t) => t === "charge.refunded").length >= 2);
    expect(types().filter((t) => t === "charge.refunded")).toHaveLength(2);
  });

  it("a lost answer retried with the same key refunds once", async () => {
    const { session: id, intent } = await paidIntent();
    await standin.control("lose", { method: "POST", path: "/v1/refunds", mode: "drop" });
    const key = { "idempotency-key": `lost-${intent}` };
    await expect(api("POST", "/v1/refunds", { payment_intent: intent }, key)).rejects.toThrow();
    const retried = await api("POST", "/v1/refunds", { payment_intent: intent }, key);
    expect(retried.json).toMatchObject({ object: "refund", amount: 3500 });
    expect(await standin.control("charges", { session: id })).toMatchObject({ amountRefunded: 3500 });
  });

  it("racing requests with one key make one object; racing shoppers pay once", async () => {
    const key = { "idempotency-key": `race-${Date.now()}` };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api("POST", "/v1/customers", { email: "race@example.com" }, key)),
    );
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get("idempotent-replayed") === "true")).toHaveLength(4);

    const { id } = await session();
    const tries = await Promise.allSettled(
      Array.from({ length: 5 }, () => standin.control("pay", { session: id, method: "card" })),
    );
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect(await standin.control("charges", { session: id })).toMatchObject({ succeeded: 1 });
    expect(types().filter((t) => t === "checkout.session.completed")).toHaveLength(1);
  });

  it("a 500 on the way back replays the real answer for the same key", async () => {
    const { session: id, intent } = await paidIntent();
    await standin.control("lose", { method: "POST", path: "/v1/refunds", mode: "500" });
    const key = { "idempotency-key": `five-hundred-${intent}` };
    const lost = await api("POST", "/v1/refunds", { payment_intent: intent, amount: "500" }, key);
    expect(lost.status).toBe(500);
    expect(lost.json.error.type).toBe("api_error");
    const retried = await api("POST", "/v1/refunds", { payment_intent: intent, amount: "500" }, key);
    expect(retried.json).toMatchObject({ object: "refund", amount: 500 });
    expect(await standin.control("charges", { session: id })).toMatchObject({ amountRefunded: 500 });
  });

  it("a pending refund settles later with refund.updated", async () => {
    const { intent } = await paidIntent();
    await standin.control("refund-mode", { status: "pending" });
    const refund = await stripe.refunds.create({ payment_intent: intent });
    await standin.control("refund-mode", { status: "succeeded" });
    expect(refund.status).toBe("pending");
    await standin.control("refund-settle", { refund: refund.id, status: "succeeded" });
    expect(types()).toContain("refund.updated");
    expect((await stripe.refunds.retrieve(refund.id)).status).toBe("succeeded");
  });
});

describe("webhook controls", () => {
  it("duplicates, redelivers with a fresh signature, and lists deliveries", async () => {
    const { id } = await session();
    await standin.control("webhook-mode", { duplicate: true });
    await standin.control("pay", { session: id, method: "card" });
    await standin.control("webhook-mode", { duplicate: false });
    expect(received).toHaveLength(6);
    expect(received[0]!.event.id).toBe(received[1]!.event.id);
    const completed = received.find((r) => r.event.type === "checkout.session.completed")!;
    received.length = 0;
    await standin.control("redeliver", { event: completed.event.id });
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toBe(completed.raw);
    received.length = 0;
    await standin.control("redeliver", { event: completed.event.id, ageSeconds: 600 });
    const old = String(received[0]!.headers["stripe-signature"]);
    expect(() => stripe.webhooks.constructEvent(received[0]!.raw, old, standin.webhookSecret)).toThrow(
      /tolerance/,
    );
    const listed = await standin.control<{ events: { id: string; attempts: unknown[] }[] }>("events", {
      type: "checkout.session.completed",
    });
    expect(listed.events.find((e) => e.id === completed.event.id)?.attempts).toHaveLength(4);
    const fromApi = await stripe.events.retrieve(completed.event.id);
    expect(fromApi.type).toBe("checkout.session.completed");
  });

  it("delays deliveries after the control answers, and redelivers the ones no endpoint took", async () => {
    const { id } = await session();
    await standin.control("webhook-mode", { delayMs: 300 });
    await standin.control("pay", { session: id, method: "card" });
    expect(received).toHaveLength(0);
    await until(() => received.length >= 3);
    await standin.control("webhook-mode", { delayMs: 0 });
    expect(types()).toEqual(["charge.succeeded", "payment_intent.succeeded", "checkout.session.completed"]);

    const address = hook.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await standin.control("webhook", { url: "http://127.0.0.1:9/nobody" });
    const other = await session();
    received.length = 0;
    await standin.control("pay", { session: other.id, method: "alipay" });
    await standin.control("webhook", { url: `http://127.0.0.1:${port}/stripe` });
    expect(received).toHaveLength(0);
    const redelivered = await standin.control<{ redelivered: string[] }>("redeliver", { failed: true });
    expect(redelivered.redelivered).toHaveLength(3);
    expect(types()).toEqual(["charge.succeeded", "payment_intent.succeeded", "checkout.session.completed"]);
  });

  it("limits requests per second", async () => {
    await standin.control("rate-limit", { ratePerSecond: 2 });
    await new Promise((resolve) => setTimeout(resolve, 1100)); // the earlier tests' requests leave the window
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await api("GET", "/v1/customers/cus_x")).status);
    await standin.control("rate-limit", { ratePerSecond: 1000 });
    expect(statuses).toEqual([404, 404, 429]);
  });

  it("holds deliveries until released, in reverse order when asked", async () => {
    const { id } = await session();
    await standin.control("webhook-mode", { hold: true, reverse: true });
    await standin.control("pay", { session: id, method: "card" });
    expect(received).toHaveLength(0);
    await standin.control("webhook-mode", { hold: false, reverse: false });
    await standin.control("release");
    expect(types()).toEqual(["checkout.session.completed", "payment_intent.succeeded", "charge.succeeded"]);
  });
});

describe("GET /v1/charges", () => {
  /** Pays `count` sessions by card (a PaymentIntent and one charge each), oldest first. */
  async function paid(count: number) {
    const made: { session: string; intent: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const { id } = await session();
      const pay = await standin.control<{ paymentIntent: string }>("pay", { session: id, method: "card" });
      made.push({ session: id, intent: pay.paymentIntent });
    }
    return made;
  }

  it("lists charges newest first over several pages, forwards and back", async () => {
    await standin.control("reset");
    const made = await paid(5);
    const newestFirst = made.map((m) => m.intent).reverse();
    const first = await api("GET", "/v1/charges?limit=2");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ object: "list", has_more: true, url: "/v1/charges" });
    expect(first.json.data.map((c: { payment_intent: string }) => c.payment_intent)).toEqual(
      newestFirst.slice(0, 2),
    );
    expect(first.json.data[0]).toMatchObject({ object: "charge", status: "succeeded", amount: 3500 });
    const second = await api("GET", `/v1/charges?limit=2&starting_after=${first.json.data[1].id}`);
    expect(second.json.data.map((c: { payment_intent: string }) => c.payment_intent)).toEqual(
      newestFirst.slice(2, 4),
    );
    expect(second.json.has_more).toBe(true);
    const last = await api("GET", `/v1/charges?limit=2&starting_after=${second.json.data[1].id}`);
    expect(last.json.data.map((c: { payment_intent: string }) => c.payment_intent)).toEqual([newestFirst[4]]);
    expect(last.json.has_more).toBe(false);
    const back = await api("GET", `/v1/charges?limit=2&ending_before=${last.json.data[0].id}`);
    expect(back.json.data.map((c: { id: string }) => c.id)).toEqual(
      second.json.data.map((c: { id: string }) => c.id),
    );
    expect(back.json.has_more).toBe(true);
    const everything = await api("GET", "/v1/charges");
    expect(everything.json.data).toHaveLength(5);
    expect(everything.json.has_more).toBe(false);
    // The SDK's auto-pagination walks the same pages.
    const walked: string[] = [];
    for await (const charge of stripe.charges.list({ limit: 2 }))
      walked.push(charge.payment_intent as string);
    expect(walked).toEqual(newestFirst);
  });

  it("filters by payment_intent, customer and created, and expands data.payment_intent", async () => {
    await standin.control("reset");
    const [older] = await paid(1);
    // Let the clock reach the next second, so the created filters have two seconds to tell apart.
    const firstSecond = (await api("GET", "/v1/charges")).json.data[0].created as number;
    while (Math.floor(Date.now() / 1000) <= firstSecond)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const [newer] = await paid(1);
    const byIntent = await api(
      "GET",
      `/v1/charges?payment_intent=${older!.intent}&expand[]=data.payment_intent`,
    );
    expect(byIntent.json.data).toHaveLength(1);
    expect(byIntent.json.data[0].payment_intent).toMatchObject({
      id: older!.intent,
      object: "payment_intent",
    });
    const ids = async (query: string) =>
      (await api("GET", `/v1/charges?${query}`)).json.data.map(
        (c: { payment_intent: string }) => c.payment_intent,
      );
    expect(await ids(`created[gte]=${firstSecond}`)).toEqual([newer!.intent, older!.intent]);
    expect(await ids(`created[gt]=${firstSecond}`)).toEqual([newer!.intent]);
    expect(await ids(`created[lte]=${firstSecond}`)).toEqual([older!.intent]);
    expect(await ids(`created[lt]=${firstSecond}`)).toEqual([]);
    expect(await ids(`created=${firstSecond}`)).toEqual([older!.intent]);
    expect(await ids(`created[gt]=${firstSecond - 1}&created[lt]=${firstSecond + 1}`)).toEqual([
      older!.intent,
    ]);
    expect(await ids("customer=cus_nobody")).toEqual([]);
    const { id: withCustomer } = await session({ customer_creation: "always" });
    const bought = await standin.control<{ paymentIntent: string }>("pay", {
      session: withCustomer,
      method: "card",
      email: "ana@example.com",
    });
    const customer = (await stripe.paymentIntents.retrieve(bought.paymentIntent)).customer as string;
    expect(customer).toMatch(/^cus_/);
    expect(await ids(`customer=${customer}&expand[]=data.customer`)).toEqual([bought.paymentIntent]);
    const sdk = await stripe.charges.list({ created: { gt: firstSecond }, payment_intent: newer!.intent });
    expect(sdk.data.map((c) => c.payment_intent)).toEqual([newer!.intent]);
  });

  it("refuses a limit out of range, both cursors, an unknown cursor and an unknown parameter", async () => {
    const tooMany = await api("GET", "/v1/charges?limit=101");
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toMatchObject({ type: "invalid_request_error", param: "limit" });
    expect((await api("GET", "/v1/charges?limit=0")).status).toBe(400);
    expect((await api("GET", "/v1/charges?starting_after=ch_a&ending_before=ch_b")).status).toBe(400);
    const unknown = await api("GET", "/v1/charges?starting_after=ch_nothing");
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatchObject({ code: "resource_missing", param: "starting_after" });
    const odd = await api("GET", "/v1/charges?colour=blue");
    expect(odd.json.error).toMatchObject({ code: "parameter_unknown", param: "colour" });
    expect((await api("GET", "/v1/charges?created[around]=1")).json.error.code).toBe("parameter_unknown");
  });
});

describe("GET /v1/refunds", () => {
  it("lists a refund once it is made, filtered by charge, payment_intent and created, over pages", async () => {
    await standin.control("reset");
    const intents: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { id } = await session();
      intents.push(
        (await standin.control<{ paymentIntent: string }>("pay", { session: id, method: "card" }))
          .paymentIntent,
      );
    }
    const [one, two] = intents as [string, string];
    expect((await api("GET", "/v1/refunds")).json).toMatchObject({
      object: "list",
      data: [],
      has_more: false,
      url: "/v1/refunds",
    });
    const a = await stripe.refunds.create({ payment_intent: one, amount: 1000 });
    const b = await stripe.refunds.create({ payment_intent: one, amount: 500 });
    const c = await stripe.refunds.create({ payment_intent: two });
    const all = await api("GET", "/v1/refunds");
    expect(all.json.data.map((r: { id: string }) => r.id)).toEqual([c.id, b.id, a.id]);
    expect(all.json.data[2]).toMatchObject({
      object: "refund",
      amount: 1000,
      payment_intent: one,
      status: "succeeded",
    });
    const ofOne = await api("GET", `/v1/refunds?payment_intent=${one}`);
    expect(ofOne.json.data.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    const ofCharge = await api("GET", `/v1/refunds?charge=${c.charge}&expand[]=data.charge`);
    expect(ofCharge.json.data).toHaveLength(1);
    expect(ofCharge.json.data[0].charge).toMatchObject({
      id: c.charge,
      amount_refunded: 3500,
      refunded: true,
    });
    const page = await api("GET", "/v1/refunds?limit=2");
    expect(page.json.has_more).toBe(true);
    const next = await api("GET", `/v1/refunds?limit=2&starting_after=${page.json.data[1].id}`);
    expect(next.json.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect(next.json.has_more).toBe(false);
    const before = await api("GET", `/v1/refunds?limit=1&ending_before=${a.id}`);
    expect(before.json.data.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect(before.json.has_more).toBe(true);
    const at = all.json.data[0].created as number;
    expect((await api("GET", `/v1/refunds?created[gt]=${at}`)).json.data).toEqual([]);
    expect((await api("GET", `/v1/refunds?created[lte]=${at}&payment_intent=${two}`)).json.data).toHaveLength(
      1,
    );
    const sdk: string[] = [];
    for await (const refund of stripe.refunds.list({ limit: 1 })) sdk.push(refund.id);
    expect(sdk).toEqual([c.id, b.id, a.id]);
    expect((await api("GET", "/v1/refunds?customer=cus_x")).json.error.code).toBe("parameter_unknown");
    expect((await api("GET", "/v1/refunds?ending_before=re_nothing")).status).toBe(404);
  });
});
