import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { TEST_CARDS } from "../../providers/payment/sandbox.ts";
import {
  addCoupon,
  PLAN,
  place,
  pricePlan,
  receive,
  type Shopper,
  settle,
  shopper,
  startPayment,
  submitCard,
} from "../checkout/purchase-test-kit.ts";
import { pdfText } from "../invoice/pdf-text.ts";

// Issue 11, ADR 0241: spending store credit at checkout, and getting it back.

const app = setupTestApp();
const PRICE = 5990; // HK$59.90, the plan's HKD price (purchase-test-kit PRICES).

beforeAll(async () => {
  await pricePlan(app);
  await addCoupon(app, { code: "CREDIT10", resultReduction: 1000, perCustomerLimit: 5 });
});

async function withCredit(amountMinor: number): Promise<Shopper> {
  const who = await shopper(app);
  await app.database.db.transaction((tx) =>
    app.services.credit.grant(tx as unknown as Database, {
      customerId: who.id,
      amountMinor,
      kind: "EARNED",
      reason: "operator.goodwill",
      source: "operator:test",
      idempotencyKey: `test:${who.id}:seed`,
    }),
  );
  return who;
}

const balanceOf = async (who: Shopper) =>
  (await app.services.credit.balance(app.database.db, who.id)).balanceMinor;

function quote(who: Shopper, body: Record<string, unknown>, currency = "HKD") {
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

const orderOf = async (code: string) =>
  (await app.database.db.select().from(orders).where(eq(orders.code, code)))[0]!;

describe("store credit at checkout", () => {
  it("the quote offers the credit with a coupon, and placing takes exactly what it offered", async () => {
    const who = await withCredit(2000);
    await receive(app, who, "CREDIT10");
    const offered = await quote(who, { couponCode: "CREDIT10" });
    expect(offered.json().credit).toMatchObject({
      balanceMinor: 2000,
      availableMinor: 2000,
      appliedMinor: 0,
    });
    const applied = await quote(who, { couponCode: "CREDIT10", creditMinor: 2000 });
    expect(applied.json()).toMatchObject({ total: PRICE - 1000 - 2000, credit: { appliedMinor: 2000 } });

    const placed = await place(app, who, { couponCode: "CREDIT10", creditMinor: 2000 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: PRICE - 3000, creditAmount: 2000, couponDiscount: 1000 });
    expect(await balanceOf(who)).toBe(0);
  });

  it("converts the HKD balance into the order's currency with the store's rates", async () => {
    const who = await withCredit(5000);
    const usd = await quote(who, {}, "USD");
    // HK$50 at 0.128 USD per HKD is US$6.40, less than the US$7.70 price less the card minimum.
    expect(usd.json().credit.worthMinor).toBe(640);
    const placed = await place(
      app,
      who,
      { creditMinor: usd.json().credit.availableMinor },
      { currency: "USD" },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().total).toBe(770 - usd.json().credit.availableMinor);
  });

  it("covers a whole order down to zero, which is paid at once without a card", async () => {
    const who = await withCredit(10_000);
    const offered = (await quote(who, {})).json();
    expect(offered.credit.availableMinor).toBe(PRICE);
    const placed = await place(app, who, { creditMinor: PRICE });
    expect(placed.json()).toMatchObject({ total: 0, creditAmount: PRICE });
    expect((await pay(who, placed.json().code)).statusCode).toBe(200);
    expect((await orderOf(placed.json().code)).status).not.toBe("PENDING_PAYMENT");
    expect(await balanceOf(who)).toBe(10_000 - PRICE);
    // The invoice shows the credit as a way the order was paid.
    const pdf = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${placed.json().code}/invoice.pdf`,
      headers: { ...who.headers, "x-lang": "en_US" },
    });
    expect(pdf.statusCode).toBe(200);
    const [text = ""] = await pdfText(pdf.rawPayload);
    expect(text).toContain("Paid with store credit");
    expect(text).toMatch(/Paid with store credit\s*HK\$59\.90/);
  });

  it("refuses more credit than the balance or the order allows, reserving nothing", async () => {
    const who = await withCredit(1000);
    const res = await place(app, who, { creditMinor: 1500 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ failed: true, code: "credit.insufficient" });
    expect(await balanceOf(who)).toBe(1000);
  });

  it("20 racing checkouts at a balance that covers 5 place exactly 5 orders", async () => {
    const who = await withCredit(PRICE * 5);
    // Twenty different orders (each for another traveller's e-mail): the same request again would reuse the open
    // unpaid order instead (issue 12), which is not the race this is about.
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        place(app, who, { creditMinor: PRICE, contactEmail: `traveller${i}@example.com` }),
      ),
    );
    const placed = results.filter((r) => r.statusCode === 201);
    expect(placed).toHaveLength(5);
    expect(new Set(results.filter((r) => r.statusCode !== 201).map((r) => r.json().code))).toEqual(
      new Set(["credit.insufficient"]),
    );
    expect(await balanceOf(who)).toBe(0);
  });

  it("an unpaid order that expires gives its credit back", async () => {
    const who = await withCredit(3000);
    const placed = await place(app, who, { creditMinor: 3000 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await balanceOf(who)).toBe(0);
    const placedAt = new Date(placed.json().createdAt).getTime();
    await app.services.jobs.drain(new Date(placedAt + 31 * 60_000));
    expect((await orderOf(placed.json().code)).status).toBe("CANCELLED");
    expect(await balanceOf(who)).toBe(3000);
    const history = await app.services.credit.history(who.id, 0, 10);
    expect(history.content[0]).toMatchObject({ kind: "RELEASED", amountMinor: 3000, reason: "order.unpaid" });
  });

  it("a refunded order gives back the credit it used", async () => {
    const who = await withCredit(2500);
    const placed = await place(app, who, { creditMinor: 2500 });
    const code = placed.json().code as string;
    const { redirectUrl } = await startPayment(app, who, code, "en_US");
    expect((await submitCard(app, redirectUrl, TEST_CARDS.success)).statusCode).toBe(303);
    await settle(app, 1_000);
    const order = await orderOf(code);
    expect(["PAID", "FULFILLING", "COMPLETED"]).toContain(order.status);
    expect(await balanceOf(who)).toBe(0);
    expect(await app.services.order.startRefund(order.id, "provisioning-failed")).toBe(true);
    await settle(app);
    expect((await orderOf(code)).status).toBe("REFUNDED");
    expect(await balanceOf(who)).toBe(2500);
  });
});
