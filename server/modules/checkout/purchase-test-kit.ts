import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { coupons, customerSessions, customers } from "../../../db/schema/index.ts";
import type { TestApp } from "../../../test/api.ts";
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
