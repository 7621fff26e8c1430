import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../../core/i18n/index.ts";
import { orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  addCoupon,
  place,
  placeAndPay,
  pricePlan,
  receive,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { pdfText } from "./pdf-text.ts";

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

/** Places an order and pays it with the sandbox's success card, as a shopper would; the webhook is delivered. */
async function paidOrder(
  who: Shopper,
  options: { lang?: string; currency?: string; body?: Record<string, unknown> } = {},
) {
  const code = await placeAndPay(
    app,
    who,
    { quantity: 2, ...options.body },
    { lang: options.lang, currency: options.currency },
  );
  await settle(app);
  return code;
}

function invoice(who: Shopper, code: string, lang = "en_US") {
  return app.server.inject({
    method: "GET",
    url: `/o2ord/v1/customer/orders/${code}/invoice.pdf`,
    headers: { ...who.headers, "x-lang": lang },
  });
}

describe("the invoice PDF", () => {
  it("is a PDF attachment naming the order, with the order code, lines and amounts in its text", async () => {
    const who = await shopper(app);
    const code = await paidOrder(who);
    const res = await invoice(who, code);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="invoice-${code}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // fontkit embeds a subset: the 10 MB font leaves only the glyphs used.
    expect(res.rawPayload.length).toBeLessThan(300_000);

    const [text = "", ...more] = await pdfText(res.rawPayload);
    expect(more).toEqual([]);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
    expect(text).toContain("Invoice");
    expect(text).toContain(`INV-${code}`);
    expect(text).toContain(code);
    expect(text).toContain(row!.planTitle);
    // A long address wraps onto two lines of the customer box; a reader still finds all of it.
    expect(text.replace(/\s+/g, "")).toContain(who.email);
    expect(text).toContain("HK$59.90"); // unit price
    expect(text).toContain("HK$119.80 HKD"); // total, with its currency
    expect(text).toContain("Card (test mode)");
    expect(text).toMatch(/pay_[0-9a-f]+/); // the payment reference
    // The order's status as a shopper reads it (FULFILLING, or COMPLETED once the eSIM is delivered).
    expect(text).toContain(translate("en_US", `purchase.status.${row!.status}`));
    expect(["FULFILLING", "COMPLETED"]).toContain(row!.status);
  });

  it("is written in the order's language with CJK text set in an embedded font (zh_CN, JPY with a coupon)", async () => {
    await addCoupon(app, { code: "INVOICE20", perCustomerLimit: 1, resultReduction: 2000 });
    const who = await shopper(app);
    expect((await receive(app, who, "INVOICE20")).statusCode).toBe(200);
    const code = await paidOrder(who, {
      lang: "zh_CN",
      currency: "JPY",
      body: { couponCode: "INVOICE20" },
    });
    // The request's language does not matter: the order was placed in zh_CN.
    const res = await invoice(who, code, "en_US");
    expect(res.statusCode).toBe(200);
    const [text = ""] = await pdfText(res.rawPayload);
    const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
    expect(row!.couponDiscount).toBeGreaterThan(0);
    expect(text).toContain("发票");
    expect(text).toContain("订单号");
    expect(text).toContain("合计");
    expect(text).toContain("银行卡（测试模式）");
    expect(text).toContain(row!.planTitle);
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(text).toContain(code);
    // Zero-decimal yen: 1,160 × 2 less the HK$20 coupon converted at 19.4 (388 yen).
    expect(text).toContain("JP¥1,160");
    expect(text).toContain("JP¥2,320");
    expect(text).toContain("优惠券 INVOICE20");
    expect(text).toContain("-JP¥388");
    expect(text).toContain("JP¥1,932 JPY");
    expect(res.rawPayload.length).toBeLessThan(300_000);
  });

  it("uses Traditional Chinese for a zh_HK order", async () => {
    const who = await shopper(app);
    const code = await paidOrder(who, { lang: "zh_HK", currency: "USD" });
    const [text = ""] = await pdfText((await invoice(who, code)).rawPayload);
    expect(text).toContain("發票");
    expect(text).toContain("訂單編號");
    expect(text).toContain("US$15.40 USD");
  });
});

describe("who gets an invoice", () => {
  it("is a 404 for another customer's order, as for an order that does not exist", async () => {
    const owner = await shopper(app);
    const other = await shopper(app);
    const code = await paidOrder(owner);
    const res = await invoice(other, code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ failed: true, code: "purchase.order.notFound" });
    expect((await invoice(other, "ORD000000NOSUCH0")).statusCode).toBe(404);
  });

  it("refuses an unpaid or cancelled order with a clear message in the request's language", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, {});
    const code = placed.json().code as string;
    const unpaid = await invoice(who, code, "zh_CN");
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({
      failed: true,
      code: "invoice.notPaid",
      message: "订单支付后才能开具发票",
    });
    await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/cancel`,
      headers: who.headers,
    });
    expect((await invoice(who, code)).json().code).toBe("invoice.notPaid");
  });

  it("needs a login and a well-formed order code", async () => {
    const who = await shopper(app);
    const anonymous = await app.server.inject({
      method: "GET",
      url: "/o2ord/v1/customer/orders/ORD0000000000000/invoice.pdf",
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await invoice(who, "ord-lower!");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ failed: true, code: "error.badRequest" });
    expect(bad.json().fields).toHaveProperty("code");
  });
});
