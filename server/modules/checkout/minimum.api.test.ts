import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { addCoupon, PLAN, place, pricePlan, receive, type Shopper, shopper } from "./purchase-test-kit.ts";

// ADRs 0148, 0149: placing an order whose total is above 0 but below the active card provider's minimum is refused
// (409 purchase.payment.belowMinimum) before any coupon use is reserved, so the coupon stays usable at once.
// The sandbox mirrors Stripe: HK$4.00, ¥50 (zero-decimal), and for CNY, which Stripe does not list, US$0.55
// through the store's rates (US$ 0.128 and ¥0.92 per HK$1): ¥3.96.

const app = setupTestApp();

/** The plan's CNY price for these tests: ¥55.00. */
const CNY_PRICE = 5500;

beforeAll(async () => {
  await pricePlan(app);
  await app.database.db.execute(sql`
    insert into plan_price (platform_product_code, currency_code, unit_price, display_price)
    values (${PLAN}, 'CNY', ${CNY_PRICE}, null)
    on conflict (platform_product_code, currency_code) do update set unit_price = excluded.unit_price`);
  // HK$59.90 less HK$58.00 leaves HK$1.90; two plans less HK$58.00 leave HK$61.80.
  await addCoupon(app, { code: "PLACEMIN58", resultReduction: 5800 });
  // One use in all: ¥1,160 less ¥1,120 leaves ¥40; two plans leave ¥1,200.
  await addCoupon(app, {
    code: "PLACEMINJP",
    marketingType: "PROMO_CODE",
    resultReduction: 1120,
    reductionCurrency: "JPY",
    totalLimit: 1,
  });
  await addCoupon(app, {
    code: "PLACEMINJP50",
    marketingType: "PROMO_CODE",
    resultReduction: 1110,
    reductionCurrency: "JPY",
  });
  // ¥55.00 less ¥52.00 leaves ¥3.00; less ¥51.04 leaves exactly the ¥3.96 floor.
  await addCoupon(app, {
    code: "PLACEMINCN",
    marketingType: "PROMO_CODE",
    resultReduction: 5200,
    reductionCurrency: "CNY",
  });
  await addCoupon(app, {
    code: "PLACEMINCN396",
    marketingType: "PROMO_CODE",
    resultReduction: 5104,
    reductionCurrency: "CNY",
  });
  // Covers the whole price: a total of 0 is paid without a charge (ADR 0121), never "below the minimum".
  await addCoupon(app, { code: "PLACEMINFREE", resultReduction: 6000 });
});

function quote(who: Shopper, body: Record<string, unknown>, currency: string) {
  return app.server.inject({
    method: "POST",
    url: "/o2ord/v1/customer/checkout/quote",
    headers: { ...who.headers, "x-currency": currency, "x-lang": "en_US" },
    payload: { platformProductCode: PLAN, quantity: 1, ...body },
  });
}

function pay(who: Shopper, code: string) {
  return app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: { ...who.headers, "x-lang": "en_US" },
  });
}

async function ordersOf(who: Shopper) {
  return app.database.db.select().from(orders).where(eq(orders.customerId, who.id));
}

describe("placing an order below the card minimum", () => {
  it("HKD: HK$1.90 is refused in the shopper's language, no order is made, and the coupon is still usable", async () => {
    const who = await shopper(app);
    expect((await receive(app, who, "PLACEMIN58")).statusCode).toBe(200);

    const zh = await place(app, who, { couponCode: "PLACEMIN58" }, { lang: "zh_CN" });
    expect(zh.statusCode, zh.body).toBe(409);
    expect(zh.json()).toEqual({
      failed: true,
      code: "purchase.payment.belowMinimum",
      message: "银行卡支付金额不能低于 HK$4.00，请更换优惠券或增加数量后重新下单。",
    });
    const en = await place(app, who, { couponCode: "PLACEMIN58" }, { lang: "en_US" });
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      "Card payments must be at least HK$4.00. Order again with another coupon or a larger quantity.",
    );
    expect(await ordersOf(who)).toEqual([]);

    // The one coupon in the wallet was not reserved: it pays two plans straight away.
    const valid = await place(app, who, { couponCode: "PLACEMIN58", quantity: 2 });
    expect(valid.statusCode, valid.body).toBe(201);
    expect(valid.json()).toMatchObject({ couponCode: "PLACEMIN58", total: 6180, status: "PENDING_PAYMENT" });
    expect(await ordersOf(who)).toHaveLength(1);
  });

  it("JPY (zero decimals): ¥40 is refused without using the promo code's only use; ¥50 is placed", async () => {
    const first = await shopper(app);
    const refused = await place(app, first, { promoCode: "PLACEMINJP" }, { currency: "JPY", lang: "zh_HK" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "purchase.payment.belowMinimum",
      message: "信用卡付款金額不能低於 JP¥50，請更換優惠券或增加數量後重新下單。",
    });

    // A code that can be used once in all is still there for the next valid order, even another shopper's.
    const second = await shopper(app);
    const used = await place(app, second, { promoCode: "PLACEMINJP", quantity: 2 }, { currency: "JPY" });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json()).toMatchObject({ promoCode: "PLACEMINJP", total: 1200 });

    const atMinimum = await place(app, first, { promoCode: "PLACEMINJP50" }, { currency: "JPY" });
    expect(atMinimum.statusCode, atMinimum.body).toBe(201);
    expect(atMinimum.json()).toMatchObject({ total: 50 });
  });

  it("CNY (not in Stripe's table): the quote flags ¥3.00 against the ¥3.96 floor, placing is refused; ¥3.96 pays", async () => {
    const who = await shopper(app);
    const quoted = await quote(who, { promoCode: "PLACEMINCN" }, "CNY");
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({ total: 300, belowPaymentMinimum: { minimum: 396 } });
    const refused = await place(app, who, { promoCode: "PLACEMINCN" }, { currency: "CNY", lang: "zh_CN" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("银行卡支付金额不能低于 ¥3.96，请更换优惠券或增加数量后重新下单。");
    expect(await ordersOf(who)).toEqual([]);

    const atFloor = await quote(who, { promoCode: "PLACEMINCN396" }, "CNY");
    expect(atFloor.json()).toMatchObject({ total: 396, belowPaymentMinimum: null });
    const placed = await place(app, who, { promoCode: "PLACEMINCN396" }, { currency: "CNY" });
    expect(placed.statusCode, placed.body).toBe(201);
    // The sandbox applies the same floor and opens its hosted page for ¥3.96.
    const paying = await pay(who, placed.json().code as string);
    expect(paying.statusCode, paying.body).toBe(200);
    expect(paying.json()).toMatchObject({
      provider: "sandbox",
      redirectUrl: expect.stringContaining("/__sandbox/pay/"),
    });
  });

  it("the sandbox itself refuses to open a page below the CNY floor, as Stripe would", async () => {
    const provider = app.services.sandboxPayments!.provider;
    const request = {
      orderCode: "ORD000000MINIMUM",
      currencyCode: "CNY",
      description: "floor",
      customerEmail: "floor@example.com",
      locale: "en_US" as const,
      successUrl: "/pay/result",
      cancelUrl: "/pay/result?cancelled=1",
      expiresAt: new Date("2030-01-01T00:00:00Z"),
      idempotencyKey: "floor-check",
    };
    await expect(provider.createCheckoutSession({ ...request, amount: 395 })).rejects.toThrow(
      /below the minimum 396/,
    );
    await expect(provider.createCheckoutSession({ ...request, amount: 396 })).resolves.toMatchObject({
      url: expect.stringContaining("/__sandbox/pay/"),
    });
  });

  it("a total of 0 is still placed (and paid without a charge, ADR 0121)", async () => {
    const who = await shopper(app);
    await receive(app, who, "PLACEMINFREE");
    const placed = await place(app, who, { couponCode: "PLACEMINFREE" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 0 });
    expect((await pay(who, placed.json().code as string)).json()).toMatchObject({ provider: "free" });
  });
});
