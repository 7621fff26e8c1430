import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { addCoupon, receive, shopper } from "../checkout/purchase-test-kit.ts";

// spec 7's coupon look-ups, the one source of the receive-coupon block's coupons (ADR 0118), and receiving.
const app = setupTestApp();

function byCodes(
  path: "coupons" | "promo-codes",
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.server.inject({
    method: "POST",
    url: `/o2mkt/v1/pub/${path}/by-codes`,
    headers: { "x-lang": "en_US", "x-requested-with": "fetch", ...headers },
    payload,
  });
}

describe("POST /o2mkt/v1/pub/coupons/by-codes and promo-codes/by-codes", () => {
  it("answers the codes in the order asked, each only as its own kind, with its display value", async () => {
    const coupons = await byCodes("coupons", { couponCodes: ["SAVE20HKD", "WELCOME10", "TRAVEL5"] });
    expect(coupons.statusCode).toBe(200);
    expect(coupons.json().map((c: { code: string }) => c.code)).toEqual(["SAVE20HKD", "WELCOME10"]);
    expect(coupons.json()[1]).toMatchObject({
      marketingType: "COUPON",
      couponTypeCode: "DISCOUNT",
      resultDiscount: "0.900",
      name: "Welcome 10% off",
      valueLabel: "10% off",
      received: false,
      ended: false,
    });
    expect(coupons.json()[0]).toMatchObject({ resultReduction: 2000, reductionCurrency: "HKD" });
    const promos = await byCodes("promo-codes", { promoCodes: ["TRAVEL5", "WELCOME10", "SPRING2024"] });
    expect(promos.json().map((c: { code: string; ended: boolean }) => [c.code, c.ended])).toEqual([
      ["TRAVEL5", false],
      ["SPRING2024", true],
    ]);
  });

  it("tells a logged-in shopper which coupons are already received", async () => {
    const who = await shopper(app);
    const first = await receive(app, who, "JAPAN85");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: "JAPAN85", message: "领取成功" });
    const res = await byCodes("coupons", { couponCodes: ["JAPAN85", "WELCOME10"] }, who.headers);
    expect(res.json().map((c: { code: string; received: boolean }) => [c.code, c.received])).toEqual([
      ["JAPAN85", true],
      ["WELCOME10", false],
    ]);
  });

  it("refuses empty, oversized and malformed code lists", async () => {
    for (const payload of [
      { couponCodes: [] },
      { couponCodes: Array.from({ length: 21 }, (_, i) => `C${i}`) },
      { couponCodes: ["no spaces"] },
      {},
    ]) {
      const res = await byCodes("coupons", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ failed: true });
    }
  });
});

describe("POST /o2mkt/v1/customer/coupons/{code}/receive", () => {
  it("needs a login, stops at the per-customer limit and refuses an ended coupon", async () => {
    const anonymous = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/customer/coupons/WELCOME10/receive",
    });
    expect(anonymous.statusCode).toBe(401);
    const who = await shopper(app);
    expect((await receive(app, who, "WELCOME10")).statusCode).toBe(200);
    const again = await receive(app, who, "WELCOME10");
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: "purchase.coupon.limitReached" });
    await addCoupon(app, { code: "OLDCOUPON", endTime: new Date("2024-01-01T00:00:00Z") });
    const ended = await receive(app, who, "OLDCOUPON", "en_US");
    expect(ended.statusCode).toBe(422);
    expect(ended.json()).toMatchObject({ code: "purchase.coupon.expired" });
  });
});
