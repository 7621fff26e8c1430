import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders, type TestOperator } from "../admin/admin-test-kit.ts";
import { PLAN, PRICES, place, pricePlan, shopper } from "../checkout/purchase-test-kit.ts";

// The console's coupon form through its API (issue 29 item 5, ADR 0360): a percentage typed as one, plans and
// destinations found by name in any language, times in the store's zone, English alone enough.

const app = setupTestApp();
let merchandiser: TestOperator;

beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
  await pricePlan(app);
});

async function call(method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...(await operatorHeaders(app, merchandiser)), "x-lang": "en_US" },
    ...(payload ? { payload } : {}),
  });
}

describe("the console's coupon form API", () => {
  it("finds Japan and its plans by name in English, Simplified and Traditional Chinese", async () => {
    for (const q of ["Japan", "日本", "japan"]) {
      const res = await call("GET", `/marketing/coupon-scopes?q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      const options = res.json().options as {
        scopeType: string;
        scopeCode: string;
        name: { en_US: string };
      }[];
      expect(options).toContainEqual(expect.objectContaining({ scopeType: "DESTINATION", scopeCode: "JP" }));
      expect(options).toContainEqual(expect.objectContaining({ scopeType: "PLAN", scopeCode: PLAN }));
      expect(options.find((o) => o.scopeCode === "JP")?.name.en_US).toBe("Japan");
    }
    const named = await call("GET", `/marketing/coupon-scopes?codes=JP,${PLAN}`);
    expect((named.json().options as { scopeCode: string }[]).map((o) => o.scopeCode).sort()).toEqual([
      "JP",
      PLAN,
    ]);
  });

  it("creates a 15 % promo code on Japan from the store's local times, and a Japan plan costs 15 % less", async () => {
    const created = await call("POST", "/marketing/coupons", {
      code: "japan15form",
      marketingType: "PROMO_CODE",
      couponTypeCode: "DISCOUNT",
      percentOff: "15",
      minimumSpendCurrency: "HKD",
      startTime: "2026-01-01T08:00",
      endTime: "2030-01-01T08:00",
      name: { en_US: "Japan 15% off" },
      scopes: [{ scopeType: "DESTINATION", scopeCode: "JP" }],
      enabled: true,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      code: "JAPAN15FORM",
      // 08:00 in Hong Kong is midnight UTC.
      startTime: "2026-01-01T00:00:00.000Z",
      name: { en_US: "Japan 15% off", zh_CN: "", zh_HK: "" },
    });
    // Stored as the share paid (numeric "0.850"), which shoppers see as 8.5折 (spec 5).
    expect(Number(created.json().resultDiscount)).toBe(0.85);
    expect((await auditOf(app, "coupon", "JAPAN15FORM")).map((r) => r.action)).toEqual(["coupon.create"]);

    // A shopper reading Chinese sees the English name (no text of their own), and pays 15 % less.
    const order = await place(app, await shopper(app), { promoCode: "JAPAN15FORM" }, { lang: "zh_CN" });
    expect(order.statusCode).toBe(201);
    expect(order.json().total).toBe(Math.round(PRICES.HKD * 0.85));
  });

  it("answers every missing required field at once, under its field", async () => {
    const res = await call("POST", "/marketing/coupons", { couponTypeCode: "DISCOUNT" });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      code: "validation.required",
      marketingType: "validation.required",
      "name.en_US": "validation.required",
      minimumSpendCurrency: "validation.required",
      startTime: "validation.required",
      endTime: "validation.required",
      percentOff: "validation.required",
    });
  });

  it("takes an amount off typed in major units", async () => {
    const created = await call("POST", "/marketing/coupons", {
      code: "tenoffform",
      marketingType: "PROMO_CODE",
      couponTypeCode: "REDUCTION",
      reductionAmount: "10.50",
      reductionCurrency: "HKD",
      minimumSpendAmount: "20",
      minimumSpendCurrency: "HKD",
      startTime: "2026-01-01T00:00:00Z",
      endTime: "2030-01-01T00:00:00Z",
      name: { en_US: "Ten fifty off" },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ resultReduction: 1050, minimumSpend: 2000, resultDiscount: null });
    const tooPrecise = await call("PUT", "/marketing/coupons/TENOFFFORM", {
      couponTypeCode: "REDUCTION",
      reductionAmount: "10.505",
      reductionCurrency: "HKD",
      minimumSpendCurrency: "HKD",
      startTime: "2026-01-01T00:00:00Z",
      endTime: "2030-01-01T00:00:00Z",
      name: { en_US: "Ten fifty off" },
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().fields.reductionAmount).toBe("consoleMerch.amountFormat");
  });
});
