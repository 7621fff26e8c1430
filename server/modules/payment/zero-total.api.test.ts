import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  customerCoupons,
  jobs,
  messageOutbox,
  orderStatusHistory,
  orders,
  payments,
} from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  addCoupon,
  place,
  pricePlan,
  receive,
  type Shopper,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { pdfText } from "../invoice/pdf-text.ts";

// ADR 0121: a total of 0 cannot be charged, so paying it marks the order paid through markPaid at once.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
  // A HK$1,000 reduction is more than any test order; a 100%-off promo code leaves nothing to pay.
  await addCoupon(app, { code: "ONUS1000", resultReduction: 100_000, perCustomerLimit: 5 });
  await addCoupon(app, {
    code: "FREEJP",
    marketingType: "PROMO_CODE",
    couponTypeCode: "DISCOUNT",
    resultDiscount: "0",
    resultReduction: null,
    perCustomerLimit: 5,
  });
});

function pay(who: Shopper, code: string, lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: { ...who.headers, "x-lang": lang },
  });
}

async function orderRow(code: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

async function countWhere(
  table: typeof payments | typeof orderStatusHistory,
  orderId: string,
  extra = sql`true`,
) {
  const rows = await app.database.db
    .select()
    .from(table)
    .where(sql`${table.orderId} = ${orderId} and ${extra}`);
  return rows.length;
}

describe("a zero-total order", () => {
  it("is paid at once when a reduction covers the price: no payment page, result page next, one confirmation", async () => {
    const who = await shopper(app);
    expect((await receive(app, who, "ONUS1000")).statusCode).toBe(200);
    const placed = await place(app, who, { quantity: 2, couponCode: "ONUS1000" }, { lang: "zh_HK" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ subtotal: 11_980, couponDiscount: 11_980, total: 0 });
    const code = placed.json().code as string;

    const res = await pay(who, code, "zh_HK");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      provider: "free",
      sessionId: `free_${code}`,
      redirectUrl: expect.stringMatching(
        new RegExp(`^http://localhost(:80)?/zh_HK/pay/result\\?orderCode=${code}$`),
      ),
    });
    const order = await orderRow(code);
    expect(order.status).toBe("PAID");
    expect(order.paymentProvider).toBe("free");
    expect(order.providerPaymentId).toBe(`free_${code}`);

    // What the result page polls says paid, and fulfilment runs as for any paid order.
    const status = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/status`,
      headers: who.headers,
    });
    expect(status.json()).toMatchObject({ status: "PAID", paid: true, total: 0 });
    await app.services.jobs.drain(new Date(Date.now() + 60_000));
    // Fulfilment ran (the eSIM module may already have completed it).
    expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(code)).status);
    const mail = (
      await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, who.email))
    ).filter((m) => m.subject === `訂單 ${code} 已確認`);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain("HK$0.00");
    const wallet = await app.database.db
      .select()
      .from(customerCoupons)
      .where(eq(customerCoupons.customerId, who.id));
    expect(wallet.map((c) => c.status)).toEqual(["USED"]);

    // Clicking again answers the same and changes nothing.
    const again = await pay(who, code, "zh_HK");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect(await countWhere(payments, order.id)).toBe(1);
    expect(await countWhere(orderStatusHistory, order.id, sql`${orderStatusHistory.toStatus} = 'PAID'`)).toBe(
      1,
    );

    // Its invoice says so.
    const invoice = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/invoice.pdf`,
      headers: who.headers,
    });
    const [text = ""] = await pdfText(invoice.rawPayload);
    expect(text).toContain("毋須付款（全額優惠）");
    expect(text).toContain("HK$0.00 HKD");
  });

  it("pays once however many clicks race, in zero-decimal yen with a 100%-off promo code", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, { promoCode: "FREEJP" }, { currency: "JPY" });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      subtotal: 1160,
      promoDiscount: 1160,
      total: 0,
      currencyCode: "JPY",
    });
    const code = placed.json().code as string;
    const clicks = await Promise.all(Array.from({ length: 6 }, () => pay(who, code)));
    expect(clicks.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(clicks.map((r) => r.json().provider))).toEqual(new Set(["free"]));
    const order = await orderRow(code);
    expect(order.status).toBe("PAID");
    expect(await countWhere(payments, order.id)).toBe(1);
    expect(await countWhere(orderStatusHistory, order.id, sql`${orderStatusHistory.toStatus} = 'PAID'`)).toBe(
      1,
    );
    const fulfil = await app.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'fulfil-order' and ${jobs.payload}->>'orderId' = ${order.id}`);
    expect(fulfil).toHaveLength(1);
  });

  it("is refunded without moving money when fulfilment fails: REFUNDING, then REFUNDED", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, { promoCode: "FREEJP" });
    const code = placed.json().code as string;
    expect((await pay(who, code)).statusCode).toBe(200);
    const order = await orderRow(code);
    expect(await app.services.order.startRefund(order.id, "provisioning-failed")).toBe(true);
    expect((await orderRow(code)).status).toBe("REFUNDING");
    await app.services.jobs.drain(new Date(Date.now() + 60_000));
    expect((await orderRow(code)).status).toBe("REFUNDED");
    const [payment] = await app.database.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment!.status).toBe("REFUNDED");
  });

  it("still goes through the provider's page when anything is left to pay", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, {});
    expect(placed.json().total).toBe(5990);
    const res = await pay(who, placed.json().code);
    expect(res.json().provider).toBe("sandbox");
    expect((await orderRow(placed.json().code)).status).toBe("PENDING_PAYMENT");
  });
});
