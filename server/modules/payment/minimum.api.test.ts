import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders, payments, sandboxPaymentSessions } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  addCoupon,
  PLAN,
  place,
  pricePlan,
  receive,
  type Shopper,
  shopper,
} from "../checkout/purchase-test-kit.ts";

// ADR 0122: a positive total below the card provider's minimum charge (the sandbox mirrors Stripe: HK$4.00,
// ¥50) is flagged by the quote and refused by pay with a 409 naming the minimum, before any payment page.
// Since ADR 0148 such an order cannot be placed (server/modules/checkout/minimum.api.test.ts), so pay is tested
// on an order left below the minimum from before that rule: placed at full price, its total then lowered.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
  // HK$59.90 less HK$58.00 leaves HK$1.90; less HK$55.90 leaves exactly the HK$4.00 minimum.
  await addCoupon(app, { code: "MIN58HKD", resultReduction: 5800, perCustomerLimit: 5 });
  await addCoupon(app, { code: "MIN5590HKD", resultReduction: 5590, perCustomerLimit: 5 });
  // ¥1,160 less ¥1,120 leaves ¥40; less ¥1,110 leaves exactly the ¥50 minimum.
  await addCoupon(app, {
    code: "MINJP1120",
    marketingType: "PROMO_CODE",
    resultReduction: 1120,
    reductionCurrency: "JPY",
    perCustomerLimit: 5,
  });
  await addCoupon(app, {
    code: "MINJP1110",
    marketingType: "PROMO_CODE",
    resultReduction: 1110,
    reductionCurrency: "JPY",
    perCustomerLimit: 5,
  });
});

function quote(who: Shopper, body: Record<string, unknown>, currency = "HKD", lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/checkout/quote",
    headers: { ...who.headers, "x-currency": currency, "x-lang": lang },
    payload: { platformProductCode: PLAN, quantity: 1, ...body },
  });
}

function pay(who: Shopper, code: string, lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: { ...who.headers, "x-lang": lang },
  });
}

async function placedBelowMinimum(who: Shopper, total: number, currency = "HKD") {
  const placed = await place(app, who, {}, { currency });
  expect(placed.statusCode, placed.body).toBe(201);
  const code = placed.json().code as string;
  await app.database.db.update(orders).set({ total }).where(eq(orders.code, code));
  return code;
}

async function attempts(code: string) {
  const [order] = await app.database.db.select().from(orders).where(eq(orders.code, code));
  const recorded = await app.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
  const pages = await app.database.db
    .select()
    .from(sandboxPaymentSessions)
    .where(eq(sandboxPaymentSessions.orderCode, code));
  return { status: order!.status, payments: recorded.length, pages: pages.length };
}

describe("a total below the card minimum", () => {
  it("HKD: the quote flags HK$1.90, and paying is refused in the shopper's language without a payment", async () => {
    const who = await shopper(app);
    expect((await receive(app, who, "MIN58HKD")).statusCode).toBe(200);
    const quoted = await quote(who, { couponCode: "MIN58HKD" });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ total: 190, belowPaymentMinimum: { minimum: 400 } });

    expect((await place(app, who, { couponCode: "MIN58HKD" })).statusCode).toBe(409);
    const code = await placedBelowMinimum(who, 190);

    const zh = await pay(who, code, "zh_CN");
    expect(zh.statusCode).toBe(409);
    expect(zh.json()).toEqual({
      failed: true,
      code: "purchase.payment.belowMinimum",
      message: "银行卡支付金额不能低于 HK$4.00，请更换优惠券或增加数量后重新下单。",
    });
    const en = await pay(who, code, "en_US");
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      "Card payments must be at least HK$4.00. Order again with another coupon or a larger quantity.",
    );
    expect(await attempts(code)).toEqual({ status: "PENDING_PAYMENT", payments: 0, pages: 0 });
  });

  it("HKD: a total of exactly HK$4.00 is not flagged and pays on the hosted page as before", async () => {
    const who = await shopper(app);
    await receive(app, who, "MIN5590HKD");
    const quoted = await quote(who, { couponCode: "MIN5590HKD" });
    expect(quoted.json()).toMatchObject({ total: 400, belowPaymentMinimum: null });
    const placed = await place(app, who, { couponCode: "MIN5590HKD" });
    const code = placed.json().code as string;
    const res = await pay(who, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      provider: "sandbox",
      redirectUrl: expect.stringContaining("/__sandbox/pay/"),
    });
    expect(await attempts(code)).toEqual({ status: "PENDING_PAYMENT", payments: 1, pages: 1 });
  });

  it("an unreduced order is not flagged", async () => {
    const who = await shopper(app);
    const quoted = await quote(who, { quantity: 2 }, "USD", "zh_HK");
    expect(quoted.json()).toMatchObject({ total: 1540, belowPaymentMinimum: null });
  });

  it("JPY (zero decimals): ¥40 is flagged against ¥50 and refused; ¥50 pays", async () => {
    const who = await shopper(app);
    const quoted = await quote(who, { promoCode: "MINJP1120" }, "JPY", "zh_CN");
    expect(quoted.json()).toMatchObject({ total: 40, minorDigits: 0, belowPaymentMinimum: { minimum: 50 } });
    expect((await place(app, who, { promoCode: "MINJP1120" }, { currency: "JPY" })).statusCode).toBe(409);
    const low = await placedBelowMinimum(who, 40, "JPY");
    const refused = await pay(who, low, "zh_HK");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "purchase.payment.belowMinimum",
      message: "信用卡付款金額不能低於 JP¥50，請更換優惠券或增加數量後重新下單。",
    });
    expect(await attempts(low)).toEqual({ status: "PENDING_PAYMENT", payments: 0, pages: 0 });

    const atMinimum = await quote(who, { promoCode: "MINJP1110" }, "JPY");
    expect(atMinimum.json()).toMatchObject({ total: 50, belowPaymentMinimum: null });
    const ok = (await place(app, who, { promoCode: "MINJP1110" }, { currency: "JPY" })).json().code as string;
    expect((await pay(who, ok)).statusCode).toBe(200);
    expect(await attempts(ok)).toMatchObject({ payments: 1, pages: 1 });
  });
});
