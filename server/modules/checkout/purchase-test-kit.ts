import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import {
  coupons,
  customerCoupons,
  customerSessions,
  customers,
  esims,
  jobs,
  orderStatusHistory,
  orders,
} from "../../../db/schema/index.ts";
import type { TestApp } from "../../../test/api.ts";
import { TEST_CARDS } from "../../providers/payment/sandbox.ts";
import { newToken, tokenHash } from "../account/session-tokens.ts";

// Helpers for the purchase API tests. Shoppers are made directly in the database (registration has its own
// tests), with a real session token, so a test can log in fifty of them quickly.

export const PLAN = "JP-3GB-30D";
/** Prices the tests set for PLAN, so totals are known numbers (minor units). */
export const PRICES = { HKD: 5990, USD: 770, JPY: 1160 } as const;

export async function pricePlan(app: TestApp) {
  for (const [currency, unitPrice] of Object.entries(PRICES)) {
    await app.database.db.execute(sql`
      insert into plan_price (platform_product_code, currency_code, unit_price, display_price)
      values (${PLAN}, ${currency}, ${unitPrice}, null)
      on conflict (platform_product_code, currency_code) do update set unit_price = excluded.unit_price`);
  }
}

export interface Shopper {
  id: string;
  email: string;
  headers: Record<string, string>;
}

export async function shopper(app: TestApp, email = `shopper-${randomUUID()}@example.com`): Promise<Shopper> {
  const [customer] = await app.database.db.insert(customers).values({ email, loginName: email }).returning();
  const accessToken = newToken();
  await app.database.db.insert(customerSessions).values({
    customerId: customer!.id,
    familyId: randomUUID(),
    accessTokenHash: tokenHash(accessToken),
    refreshTokenHash: tokenHash(newToken()),
    expiresAt: new Date(Date.now() + 3_600_000),
    refreshExpiresAt: new Date(Date.now() + 7_200_000),
  });
  return { id: customer!.id, email, headers: { authorization: `Bearer ${accessToken}` } };
}

export async function addCoupon(
  app: TestApp,
  values: Partial<typeof coupons.$inferInsert> & { code: string },
) {
  await app.database.db.insert(coupons).values({
    marketingType: "COUPON",
    couponTypeCode: "REDUCTION",
    name: { en_US: values.code, zh_CN: values.code, zh_HK: values.code },
    description: { en_US: "", zh_CN: "", zh_HK: "" },
    resultReduction: 1000,
    reductionCurrency: "HKD",
    minimumSpendCurrency: "HKD",
    startTime: new Date("2025-01-01T00:00:00Z"),
    endTime: new Date("2030-12-31T00:00:00Z"),
    ...values,
  });
}

export function place(
  app: TestApp,
  who: Shopper,
  body: Record<string, unknown>,
  options: { key?: string; currency?: string; lang?: string } = {},
) {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/orders",
    headers: {
      ...who.headers,
      "idempotency-key": options.key ?? randomUUID(),
      "x-currency": options.currency ?? "HKD",
      "x-lang": options.lang ?? "en_US",
    },
    payload: { platformProductCode: PLAN, quantity: 1, ...body },
  });
}

export function receive(app: TestApp, who: Shopper, code: string, lang = "zh_CN") {
  return app.server.inject({
    method: "POST",
    url: `/o2mkt/v1/customer/coupons/${code}/receive`,
    headers: { ...who.headers, "x-lang": lang },
  });
}

/** A copy of coupon `code` in the shopper's wallet. */
export async function hold(
  app: TestApp,
  who: Shopper,
  code: string,
  status: (typeof customerCoupons.$inferInsert)["status"] = "AVAILABLE",
) {
  await app.database.db.insert(customerCoupons).values({ customerId: who.id, couponCode: code, status });
}

/** The coupon dialog's list for one PLAN in HKD (POST /o2ord/v1/customer/checkout/coupons). */
export function couponOptions(app: TestApp, who: Shopper) {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/checkout/coupons",
    headers: { ...who.headers, "x-currency": "HKD", "x-lang": "en_US" },
    payload: { platformProductCode: PLAN, quantity: 1 },
  });
}

/** A GET as the shopper, in `lang`. */
export function getAs(app: TestApp, who: Shopper, url: string, lang = "en_US") {
  return app.server.inject({ method: "GET", url, headers: { ...who.headers, "x-lang": lang } });
}

export async function orderRow(app: TestApp, code: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

/** The eSIMs issued to the shopper, by unit. */
export function issuedTo(app: TestApp, who: Shopper) {
  return app.database.db.select().from(esims).where(eq(esims.customerId, who.id)).orderBy(esims.unitIndex);
}

/** The order's recorded moves into `status`. */
export async function transitionsTo(app: TestApp, code: string, status: string) {
  const order = await orderRow(app, code);
  return app.database.db
    .select()
    .from(orderStatusHistory)
    .where(sql`${orderStatusHistory.orderId} = ${order.id} and ${orderStatusHistory.toStatus} = ${status}`);
}

/** The fulfilment jobs queued for the order (one per paid order, however often the payment is reported). */
export async function fulfilJobs(app: TestApp, code: string) {
  const order = await orderRow(app, code);
  return app.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'fulfil-order' and ${jobs.payload}->>'orderId' = ${order.id}`);
}

/** Runs every job due within `ahead` (webhooks, fulfilment and provisioning follow a payment within a minute). */
export function settle(app: TestApp, ahead = 60_000) {
  return app.services.jobs.drain(new Date(Date.now() + ahead));
}

/** Starts paying a placed order (answered 200): the payment session to pay on. Without `lang`, no x-lang. */
export async function startPayment(app: TestApp, who: Shopper, code: string, lang?: string) {
  const started = await app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: lang === undefined ? who.headers : { ...who.headers, "x-lang": lang },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { redirectUrl, sessionId, provider, paid } = started.json();
  return {
    redirectUrl: redirectUrl as string,
    sessionId: sessionId as string,
    provider: provider as string,
    paid: paid as boolean | undefined,
  };
}

/** Submits a card on the sandbox's hosted payment page at `url`. */
export function submitCard(app: TestApp, url: string, number: string, extra: Record<string, string> = {}) {
  return app.server.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ number, expiry: "12/34", cvc: "123", ...extra }).toString(),
  });
}

/** Pays a placed order on the sandbox's hosted page with the success card (answered 303); the webhook is queued. */
export async function payWithCard(app: TestApp, who: Shopper, code: string, lang?: string) {
  const { redirectUrl } = await startPayment(app, who, code, lang);
  const paid = await submitCard(app, redirectUrl, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
}

/** Places an order (answered 201) and starts paying it: its code, total and payment session. */
export async function orderToPay(
  app: TestApp,
  who: Shopper,
  body: Record<string, unknown> = {},
  options: { lang?: string; currency?: string } = {},
) {
  const placed = await place(app, who, body, options);
  expect(placed.statusCode, placed.body).toBe(201);
  const code = placed.json().code as string;
  const session = await startPayment(app, who, code, options.lang);
  return { code, total: placed.json().total as number, ...session };
}

/** Places an order and pays it with the success card, as a shopper would; the webhook is still queued. */
export async function placeAndPay(
  app: TestApp,
  who: Shopper,
  body: Record<string, unknown> = {},
  options: { lang?: string; currency?: string } = {},
) {
  const lang = options.lang ?? "en_US";
  const { code, redirectUrl } = await orderToPay(app, who, body, { ...options, lang });
  const paid = await submitCard(app, redirectUrl, TEST_CARDS.success);
  expect(paid.statusCode).toBe(303);
  return code;
}
