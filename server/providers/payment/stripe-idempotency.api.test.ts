import { describe, expect, it } from "vitest";
import { stripeStandinForFile } from "../../standins/stripe/harness.ts";
import { createStripePayments } from "./stripe.ts";
import type { CheckoutSessionRequest } from "./types.ts";

// ADR 0421 against the independent Stripe stand-in (docs/testing/stripe-standin.md), which keeps idempotency keys
// as Stripe documents them: a replayed key with other parameters is refused. An order that closes sooner than
// Stripe allows a session to gets `expires_at` from the clock, so a retry after a lost answer, or after a crash
// before the session was recorded, must neither meet that refusal nor open a second page within the same minute.
const standin = stripeStandinForFile({ STANDIN_RATE_PER_SECOND: "100" });

function adapterAt(clock: () => Date) {
  const url = new URL(standin.url);
  return createStripePayments({
    secretKey: standin.secretKey,
    webhookSecret: standin.webhookSecret,
    host: url.hostname,
    port: Number(url.port),
    protocol: "http",
    clock,
  });
}

function request(code: string): CheckoutSessionRequest {
  return {
    orderCode: code,
    amount: 5990,
    currencyCode: "HKD",
    description: "Japan 3 GB × 1",
    customerEmail: "retry@example.com",
    locale: "en_US",
    successUrl: `http://localhost/pay/result?orderCode=${code}`,
    cancelUrl: `http://localhost/pay/result?orderCode=${code}&cancelled=1`,
    // The order closes in 10 minutes, before Stripe's 30-minute floor: expires_at comes from the clock.
    expiresAt: new Date(Date.now() + 10 * 60_000),
    idempotencyKey: `${code}-1`,
  };
}

/** A time now, at `second` past its minute (so two calls can sit in the same minute or in different ones). */
function atSecond(second: number, minutesLater = 0): Date {
  const now = new Date(Date.now() + 60_000);
  now.setUTCSeconds(second, 0);
  return new Date(now.getTime() + minutesLater * 60_000);
}

describe("a Checkout Session asked for again under the same order attempt", () => {
  it("is the same session when asked again within the minute (a retry after a lost answer)", async () => {
    const first = await adapterAt(() => atSecond(5)).createCheckoutSession(request("R-SAME-MINUTE"));
    const again = await adapterAt(() => atSecond(40)).createCheckoutSession(request("R-SAME-MINUTE"));
    expect(again.sessionId).toBe(first.sessionId);
  });

  it("is a new session, not an idempotency error, when asked again minutes later (a crash before it was recorded)", async () => {
    const first = await adapterAt(() => atSecond(5)).createCheckoutSession(request("R-LATER"));
    const later = await adapterAt(() => atSecond(5, 3)).createCheckoutSession(request("R-LATER"));
    expect(later.sessionId).not.toBe(first.sessionId);
    expect(later.url).toMatch(/^https?:\/\//);
  });
});
