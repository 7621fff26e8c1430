import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { PLAN, pricePlan, receive, type Shopper, shopper } from "./purchase-test-kit.ts";

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

function options(who: Shopper, body: Record<string, unknown>, lang = "en_US", currency = "HKD") {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/checkout/coupons",
    headers: { ...who.headers, "x-currency": currency, "x-lang": lang },
    payload: body,
  });
}

describe("POST /o2ord/v1/customer/checkout/coupons", () => {
  it("lists the claimed coupons usable for this line first, the others with the reason", async () => {
    const who = await shopper(app);
    for (const code of ["WELCOME10", "SAVE20HKD"])
      expect((await receive(app, who, code)).statusCode).toBe(200);
    // One plan (HK$59.90) is under SAVE20HKD's HK$150 minimum spend; WELCOME10 takes 10% (HK$5.99).
    const res = await options(who, { platformProductCode: PLAN, quantity: 1 }, "zh_CN");
    expect(res.statusCode).toBe(200);
    const list = res.json().content as Record<string, unknown>[];
    expect(list.map((c) => [c.code, c.usable, c.discount, c.reasonCode])).toEqual([
      ["WELCOME10", true, 599, null],
      ["SAVE20HKD", false, 0, "purchase.coupon.minimumSpend"],
    ]);
    expect(list[0]).toMatchObject({ valueLabel: "9折", reason: null });
    expect(list[1]!.reason).toBe("满 HK$150.00 方可使用该优惠码");
  });

  it("a bigger quantity makes the reduction usable, and the bigger saving comes first", async () => {
    const who = await shopper(app);
    for (const code of ["WELCOME10", "SAVE20HKD"]) await receive(app, who, code);
    const res = await options(who, { platformProductCode: PLAN, quantity: 3 });
    // 3 × 5990 = 17970: 10% is 1797 off, HK$20 is 2000 off.
    expect(res.json().content.map((c: Record<string, unknown>) => [c.code, c.usable, c.discount])).toEqual([
      ["SAVE20HKD", true, 2000],
      ["WELCOME10", true, 1797],
    ]);
  });

  it("an empty wallet is an empty list", async () => {
    const who = await shopper(app);
    const res = await options(who, { platformProductCode: PLAN, quantity: 1 });
    expect(res.json()).toEqual({ content: [] });
  });

  it("refuses a visitor and bad input", async () => {
    const visitor = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/checkout/coupons",
      payload: { platformProductCode: PLAN, quantity: 1 },
    });
    expect(visitor.statusCode).toBe(401);
    const who = await shopper(app);
    for (const body of [
      {},
      { platformProductCode: PLAN, quantity: 0 },
      { platformProductCode: PLAN, quantity: 100 },
      { platformProductCode: "bad code!", quantity: 1 },
      { platformProductCode: PLAN, quantity: 1.5 },
    ]) {
      const res = await options(who, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().failed).toBe(true);
    }
    expect((await options(who, { platformProductCode: "NOPE-1", quantity: 1 })).statusCode).toBe(404);
  });
});
