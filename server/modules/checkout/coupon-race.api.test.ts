import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couponUsage, customerCoupons, orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  addCoupon,
  payWithCard,
  place,
  pricePlan,
  receive,
  type Shopper,
  settle,
  shopper,
} from "./purchase-test-kit.ts";

// The race: at least 50 concurrent checkouts at a 10-use coupon end in exactly 10 PAID orders using
// it (ADR 0105: a conditional update inside the order transaction), for a claimed coupon and a promo code.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

/** Races one checkout per shopper, then pays every order that got through; the webhooks are delivered. */
async function raceAndPay(shoppers: Shopper[], body: Record<string, unknown>) {
  const results = await Promise.all(shoppers.map((who) => place(app, who, body)));
  const winners = results.flatMap((res, i) => (res.statusCode === 201 ? [[shoppers[i]!, res] as const] : []));
  const losers = results.filter((res) => res.statusCode !== 201);
  await Promise.all(winners.map(([who, res]) => payWithCard(app, who, res.json().code)));
  await settle(app);
  return { winners, losers };
}

async function paidOrdersUsing(column: typeof orders.couponCode | typeof orders.promoCode, code: string) {
  return app.database.db
    .select()
    .from(orders)
    .where(
      sql`${column} = ${code} and ${orders.status} in ('PAID', 'FULFILLING', 'COMPLETED') and ${orders.paidAt} is not null`,
    );
}

async function usedCount(code: string) {
  const [usage] = await app.database.db.select().from(couponUsage).where(eq(couponUsage.couponCode, code));
  return usage?.usedCount;
}

describe("a 10-use coupon under 50+ racing checkouts", () => {
  it("a claimed coupon: 60 shoppers race, exactly 10 orders are paid with it, the rest are told why", async () => {
    await addCoupon(app, { code: "RACEPAID", totalLimit: 10, perCustomerLimit: 1, resultReduction: 1000 });
    const shoppers = await Promise.all(Array.from({ length: 60 }, () => shopper(app)));
    for (const who of shoppers) expect((await receive(app, who, "RACEPAID")).statusCode).toBe(200);

    const { winners, losers } = await raceAndPay(shoppers, { couponCode: "RACEPAID" });
    expect(winners).toHaveLength(10);
    expect(losers).toHaveLength(50);
    expect(new Set(losers.map((res) => res.json().code))).toEqual(new Set(["purchase.coupon.exhausted"]));

    const paid = await paidOrdersUsing(orders.couponCode, "RACEPAID");
    expect(paid).toHaveLength(10);
    expect(new Set(paid.map((o) => o.customerId)).size).toBe(10);
    expect(paid.every((o) => o.couponDiscount === 1000 && o.total === 5990 - 1000)).toBe(true);
    expect(await usedCount("RACEPAID")).toBe(10);
    const wallets = await app.database.db
      .select()
      .from(customerCoupons)
      .where(eq(customerCoupons.couponCode, "RACEPAID"));
    expect(wallets.filter((c) => c.status === "USED")).toHaveLength(10);
    expect(wallets.filter((c) => c.status === "AVAILABLE")).toHaveLength(50);

    // Once all ten are paid, nobody else gets one, however they try.
    const late = await place(app, shoppers[59]!, { couponCode: "RACEPAID" });
    expect(late.statusCode === 422 && late.json().code).toBe("purchase.coupon.exhausted");
  }, 180_000);

  it("a promo code: 50 shoppers race, exactly 10 orders are paid with it", async () => {
    await addCoupon(app, {
      code: "RACEPROMO",
      marketingType: "PROMO_CODE",
      totalLimit: 10,
      perCustomerLimit: 1,
      resultReduction: 500,
    });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(app)));
    const { winners, losers } = await raceAndPay(shoppers, { promoCode: "RACEPROMO" });
    expect(winners).toHaveLength(10);
    expect(new Set(losers.map((res) => res.json().code))).toEqual(new Set(["purchase.coupon.exhausted"]));
    expect(await paidOrdersUsing(orders.promoCode, "RACEPROMO")).toHaveLength(10);
    expect(await usedCount("RACEPROMO")).toBe(10);
  }, 180_000);
});
