import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { couponScopes, couponUsage, customerCoupons, orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { addCoupon, PLAN, place, pricePlan, receive, type Shopper, shopper } from "./purchase-test-kit.ts";

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

function quote(who: Shopper, body: Record<string, unknown>, currency = "HKD", lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/checkout/quote",
    headers: { ...who.headers, "x-currency": currency, "x-lang": lang },
    payload: { platformProductCode: PLAN, quantity: 1, ...body },
  });
}

describe("totals in the shopper's currency, in minor units", () => {
  it("HKD: price × quantity less a received HK$20 coupon", async () => {
    const who = await shopper(app);
    expect((await receive(app, who, "SAVE20HKD")).statusCode).toBe(200);
    const res = await place(app, who, { quantity: 3, couponCode: "save20hkd" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: "PENDING_PAYMENT",
      currencyCode: "HKD",
      currencySymbol: "HK$",
      unitPrice: 5990,
      quantity: 3,
      subtotal: 17970,
      couponCode: "SAVE20HKD",
      couponDiscount: 2000,
      total: 15970,
      contactEmail: who.email,
    });
  });

  it("USD: a US$5 promo code needs US$30, met at four plans", async () => {
    const who = await shopper(app);
    const short = await quote(who, { quantity: 3, promoCode: "TRAVEL5" }, "USD");
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: "purchase.coupon.minimumSpend",
      fields: { promoCode: "purchase.coupon.minimumSpend" },
    });
    expect(short.json().message).toBe("Spend at least US$30.00 to use this code");
    const res = await place(app, who, { quantity: 4, promoCode: "TRAVEL5" }, { currency: "USD" });
    expect(res.json()).toMatchObject({
      subtotal: 3080,
      promoDiscount: 500,
      total: 2580,
      currencyCode: "USD",
    });
  });

  it("JPY (zero decimals): a converted HK$20 coupon, then a 12%-off promo code on the rest", async () => {
    const who = await shopper(app);
    await receive(app, who, "SAVE20HKD");
    const body = { quantity: 3, couponCode: "SAVE20HKD", promoCode: "ROAMLY88" };
    const quoted = await quote(who, body, "JPY", "zh_CN");
    expect(quoted.statusCode).toBe(200);
    // 1160 × 3 = 3480; HK$20 × 19.4 = ¥388 → 3092; pays 0.88 × 3092 = 2720.96 → 2721 (¥371 off).
    expect(quoted.json()).toMatchObject({
      subtotal: 3480,
      coupon: { code: "SAVE20HKD", discount: 388, valueLabel: "减HK$20" },
      promo: { code: "ROAMLY88", discount: 371, valueLabel: "8.8折" },
      discountTotal: 759,
      total: 2721,
      minorDigits: 0,
    });
    const placed = await place(app, who, body, { currency: "JPY" });
    expect(placed.json()).toMatchObject({ total: 2721, couponDiscount: 388, promoDiscount: 371 });
  });
});

describe("idempotent order creation", () => {
  it("returns the same order for a repeated key, and refuses the key with another request", async () => {
    const who = await shopper(app);
    const key = randomUUID();
    const first = await place(app, who, { quantity: 2 }, { key });
    const again = await place(app, who, { quantity: 2 }, { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().code).toBe(first.json().code);
    const other = await place(app, who, { quantity: 5 }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("purchase.order.idempotencyConflict");
  });

  it("makes one order from a burst of double clicks, key in the body", async () => {
    const who = await shopper(app);
    const key = `dbl-${randomUUID()}`;
    const burst = await Promise.all(
      Array.from({ length: 8 }, () =>
        app.server.inject({
          method: "POST",
          url: "/o2ord/v1/customer/orders",
          headers: who.headers,
          payload: { platformProductCode: PLAN, quantity: 1, idempotencyKey: key },
        }),
      ),
    );
    expect(new Set(burst.map((r) => r.json().code)).size).toBe(1);
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const rows = await app.database.db.select().from(orders).where(eq(orders.customerId, who.id));
    expect(rows).toHaveLength(1);
  });
});

describe("bad input gets 400 with the fields", () => {
  it.each([
    [{ quantity: 0 }, "quantity"],
    [{ quantity: 100 }, "quantity"],
    [{ quantity: 1.5 }, "quantity"],
    [{ quantity: "2" }, "quantity"],
    [{ platformProductCode: "" }, "platformProductCode"],
    [{ couponCode: "no spaces!" }, "couponCode"],
    [{ contactEmail: "not-an-email" }, "contactEmail"],
    [{ topUpIccid: "12345" }, "topUpIccid"],
  ])("place %j → field %s", async (body, field) => {
    const who = await shopper(app);
    const res = await place(app, who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("error.badRequest");
    expect(Object.keys(res.json().fields)).toContain(field);
    const quoted = await quote(who, body);
    expect(quoted.statusCode).toBe(400);
    expect(Object.keys(quoted.json().fields)).toContain(field);
  });

  it("needs an idempotency key, a login, a known plan and a supported currency", async () => {
    const who = await shopper(app);
    const noKey = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/orders",
      headers: who.headers,
      payload: { platformProductCode: PLAN, quantity: 1 },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fields).toHaveProperty("idempotencyKey");
    const anonymous = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/orders",
      headers: { "idempotency-key": randomUUID() },
      payload: { platformProductCode: PLAN, quantity: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await place(app, who, { platformProductCode: "NO-SUCH-PLAN" })).statusCode).toBe(404);
    const currency = await place(app, who, {}, { currency: "XXX" });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().code).toBe("catalog.currencyUnsupported");
  });

  it("checks the coupon endpoints' input too", async () => {
    const who = await shopper(app);
    const empty = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/pub/coupons/by-codes",
      payload: { couponCodes: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty("couponCodes");
    const promo = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/pub/promo-codes/by-codes",
      payload: {},
    });
    expect(promo.json().fields).toHaveProperty("promoCodes");
    const state = await app.server.inject({
      method: "GET",
      url: "/o2mkt/v1/customer/coupons?state=gone",
      headers: who.headers,
    });
    expect(state.statusCode).toBe(400);
    expect(state.json().fields).toHaveProperty("state");
    const receiveBad = await receive(app, who, "bad code!");
    expect(receiveBad.statusCode).toBe(400);
  });
});

describe("coupons and promo codes", () => {
  it("looks codes up by kind, with the spec 5 display values", async () => {
    const coupons = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/pub/coupons/by-codes",
      headers: { "x-lang": "zh_CN" },
      payload: { couponCodes: ["JAPAN85", "SAVE20HKD", "TRAVEL5", "NOPE"] },
    });
    expect(coupons.statusCode).toBe(200);
    expect(coupons.json().map((c: { code: string; valueLabel: string }) => [c.code, c.valueLabel])).toEqual([
      ["JAPAN85", "8.5折"],
      ["SAVE20HKD", "减HK$20"],
    ]);
    const promos = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/pub/promo-codes/by-codes",
      payload: { promoCodes: ["TRAVEL5", "ROAMLY88", "JAPAN85"] },
    });
    // Issue 12: shown in the shopper's currency (HKD by default), as checkout converts it; never "US$" on HKD.
    expect(promos.json().map((c: { valueLabel: string }) => c.valueLabel)).toEqual([
      "HK$39.06 off",
      "12% off",
    ]);
    expect(promos.json()[0]).toMatchObject({
      name: "HK$39.06 off",
      description: "HK$39.06 off orders from HK$234.38",
      reductionCurrency: "HKD",
      minimumSpendCurrency: "HKD",
    });
    const inUsd = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/pub/promo-codes/by-codes",
      headers: { "x-currency": "USD", "x-lang": "zh_HK" },
      payload: { promoCodes: ["TRAVEL5"] },
    });
    expect(inUsd.json()[0]).toMatchObject({ valueLabel: "減US$5", description: "訂單滿 US$30 即減 US$5" });
  });

  it("receives a coupon once per the per-customer limit, with 领取成功", async () => {
    const who = await shopper(app);
    const first = await receive(app, who, "WELCOME10");
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("领取成功");
    const second = await receive(app, who, "WELCOME10");
    expect(second.statusCode).toBe(422);
    expect(second.json().code).toBe("purchase.coupon.limitReached");
    expect((await receive(app, who, "TRAVEL5")).statusCode).toBe(404); // a promo code is not received
    const anonymous = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/customer/coupons/WELCOME10/receive",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("explains every promo code refusal with a stable code and a translated message", async () => {
    const who = await shopper(app);
    await addCoupon(app, { code: "ONLYKOREA", marketingType: "PROMO_CODE" });
    await app.database.db
      .insert(couponScopes)
      .values({ couponCode: "ONLYKOREA", scopeType: "DESTINATION", scopeCode: "KR" });
    const cases: [string, string, string][] = [
      ["NOPE", "purchase.coupon.unknown", "该优惠码不存在"],
      ["SPRING2024", "purchase.coupon.expired", "该优惠码已过期"],
      ["ONLYKOREA", "purchase.coupon.notApplicable", "该优惠码不适用于此套餐"],
      ["TRAVEL5", "purchase.coupon.minimumSpend", "满 HK$234.38 方可使用该优惠码"],
      ["WELCOME10", "purchase.coupon.unknown", "该优惠码不存在"], // a coupon typed as a promo code
    ];
    for (const [promoCode, code, message] of cases) {
      const res = await quote(who, { promoCode }, "HKD", "zh_CN");
      expect(res.statusCode, promoCode).toBe(422);
      expect(res.json()).toMatchObject({ failed: true, code, message, fields: { promoCode: code } });
    }
    // Already used: TRAVEL5 allows one order per customer.
    expect((await place(app, who, { quantity: 4, promoCode: "TRAVEL5" })).statusCode).toBe(201);
    const used = await quote(who, { quantity: 4, promoCode: "TRAVEL5" }, "HKD", "zh_HK");
    expect(used.json()).toMatchObject({ code: "purchase.coupon.alreadyUsed", message: "您已使用過此優惠碼" });
  });

  it("needs a coupon in the wallet, and lists the wallet by state", async () => {
    const who = await shopper(app);
    const missing = await quote(who, { couponCode: "WELCOME10" });
    expect(missing.json().code).toBe("purchase.coupon.notInWallet");
    await receive(app, who, "WELCOME10");
    await receive(app, who, "JAPAN85");
    await addCoupon(app, { code: "OLDONE", endTime: new Date("2025-06-01T00:00:00Z") });
    await app.database.db.insert(customerCoupons).values({ customerId: who.id, couponCode: "OLDONE" });
    expect((await place(app, who, { couponCode: "WELCOME10" })).statusCode).toBe(201);
    const list = async (state: string) =>
      (
        await app.server.inject({
          method: "GET",
          url: `/o2mkt/v1/customer/coupons?state=${state}`,
          headers: who.headers,
        })
      ).json();
    const available = await list("available");
    expect(available.content.map((c: { code: string }) => c.code)).toEqual(["JAPAN85"]);
    expect(available.totalElements).toBe(1);
    expect((await list("used")).content.map((c: { code: string }) => c.code)).toEqual(["WELCOME10"]);
    expect((await list("expired")).content.map((c: { code: string }) => c.code)).toEqual(["OLDONE"]);
    const again = await quote(who, { couponCode: "WELCOME10" });
    expect(again.json().code).toBe("purchase.coupon.alreadyUsed");
  });
});

describe("redemption under concurrency", () => {
  it("lets 50 racing checkouts use a 10-use coupon exactly 10 times", async () => {
    await addCoupon(app, { code: "RACE10", totalLimit: 10, perCustomerLimit: 1 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper(app)));
    const received = await Promise.all(shoppers.map((who) => receive(app, who, "RACE10")));
    expect(received.every((r) => r.statusCode === 200)).toBe(true);
    const results = await Promise.all(shoppers.map((who) => place(app, who, { couponCode: "RACE10" })));
    const placed = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(new Set(refused.map((r) => r.json().code))).toEqual(new Set(["purchase.coupon.exhausted"]));
    const [usage] = await app.database.db
      .select()
      .from(couponUsage)
      .where(eq(couponUsage.couponCode, "RACE10"));
    expect(usage!.usedCount).toBe(10);
    const withCoupon = await app.database.db.select().from(orders).where(eq(orders.couponCode, "RACE10"));
    expect(withCoupon).toHaveLength(10);
  }, 120_000);
});

describe("an unpaid order expires after 30 minutes", () => {
  it("is cancelled by the expiry job, which gives the coupon back", async () => {
    await addCoupon(app, { code: "ONEUSE", totalLimit: 1, perCustomerLimit: 1 });
    const who = await shopper(app);
    const other = await shopper(app);
    await receive(app, who, "ONEUSE");
    await receive(app, other, "ONEUSE");
    const res = await place(app, who, { couponCode: "ONEUSE" });
    const code = res.json().code as string;
    expect((await place(app, other, { couponCode: "ONEUSE" })).json().code).toBe("purchase.coupon.exhausted");

    const placedAt = new Date(res.json().createdAt).getTime();
    await app.services.jobs.drain(new Date(placedAt + 29 * 60_000));
    const detail = async () =>
      (
        await app.server.inject({
          method: "GET",
          url: `/o2ord/v1/customer/orders/${code}`,
          headers: who.headers,
        })
      ).json();
    expect((await detail()).status).toBe("PENDING_PAYMENT");

    await app.services.jobs.drain(new Date(placedAt + 31 * 60_000));
    const after = await detail();
    expect(after.status).toBe("CANCELLED");
    expect(
      after.statusHistory.map((h: { toStatus: string; reason: string }) => [h.toStatus, h.reason]),
    ).toEqual([
      ["PENDING_PAYMENT", "placed"],
      ["CANCELLED", "expired"],
    ]);
    const wallet = await app.database.db
      .select()
      .from(customerCoupons)
      .where(sql`${customerCoupons.customerId} = ${who.id} and ${customerCoupons.couponCode} = 'ONEUSE'`);
    expect(wallet.map((w) => w.status)).toEqual(["AVAILABLE"]);
    // The released use is there for the next shopper.
    const next = await place(app, other, { couponCode: "ONEUSE" });
    expect(next.statusCode, next.body).toBe(201);
  });
});
