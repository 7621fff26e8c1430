import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderStatusHistory, orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { place, pricePlan, receive, type Shopper, shopper } from "../checkout/purchase-test-kit.ts";

// The order list's tabs and search, the detail's payment block, and the 404 for another customer's order.
const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

function get(who: Shopper, url: string, lang = "en_US") {
  return app.server.inject({ method: "GET", url, headers: { ...who.headers, "x-lang": lang } });
}

async function payWithSuccessCard(who: Shopper, code: string) {
  const started = await app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: who.headers,
  });
  const { redirectUrl } = started.json();
  const paid = await app.server.inject({
    method: "POST",
    url: redirectUrl,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams({ number: "4242424242424242", expiry: "12/34", cvc: "123" }).toString(),
  });
  expect(paid.statusCode).toBe(303);
  await app.services.jobs.drain(new Date(Date.now() + 60_000));
}

describe("GET /o2ord/v1/customer/orders", () => {
  it("filters by status tab and finds an order by code or plan name", async () => {
    const who = await shopper(app);
    const unpaid = (await place(app, who, { quantity: 1 })).json().code as string;
    const paid = (await place(app, who, { quantity: 2 })).json().code as string;
    const cancelled = (await place(app, who, { quantity: 3 })).json().code as string;
    await payWithSuccessCard(who, paid);
    const cancel = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${cancelled}/cancel`,
      headers: who.headers,
    });
    expect(cancel.statusCode).toBe(200);

    const codes = async (query: string) =>
      (await get(who, `/o2ord/v1/customer/orders?${query}`))
        .json()
        .content.map((o: { code: string }) => o.code);
    expect(await codes("tab=all")).toEqual([cancelled, paid, unpaid]);
    expect(await codes("tab=unpaid")).toEqual([unpaid]);
    // Paid orders move on to fulfilment at once; either way they are "in progress" or "completed".
    expect([...(await codes("tab=inProgress")), ...(await codes("tab=completed"))]).toEqual([paid]);
    expect(await codes("tab=closed")).toEqual([cancelled]);
    // The random tail, lower-cased: the date prefix ORDyymmdd is shared by every order placed today.
    expect(await codes(`keyword=${paid.slice(-8).toLowerCase()}`)).toEqual([paid]);
    expect(await codes("keyword=Japan&tab=unpaid")).toEqual([unpaid]);
    const page = (await get(who, "/o2ord/v1/customer/orders?size=2&page=1")).json();
    expect(page).toMatchObject({ totalElements: 3, numberOfElements: 1 });
    // Past the last page there is no row to carry the total: it is still the number of orders.
    const beyond = (await get(who, "/o2ord/v1/customer/orders?size=2&page=5")).json();
    expect(beyond).toMatchObject({ content: [], totalElements: 3, numberOfElements: 0 });
  });

  it("refuses an unknown tab with a field error", async () => {
    const who = await shopper(app);
    const res = await get(who, "/o2ord/v1/customer/orders?tab=shipped");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true });
  });
});

describe("GET /o2ord/v1/customer/orders/{code}", () => {
  it("shows the payment method with the provider's id masked, and the status history", async () => {
    const who = await shopper(app);
    const code = (await place(app, who, { quantity: 1 })).json().code as string;
    const before = (await get(who, `/o2ord/v1/customer/orders/${code}`)).json();
    expect(before.payment).toBeNull();
    await payWithSuccessCard(who, code);
    const detail = (await get(who, `/o2ord/v1/customer/orders/${code}`, "zh_CN")).json();
    expect(detail.payment.method).toBe("sandbox");
    expect(detail.payment.maskedPaymentId).toMatch(/^.{4}••••.{4}$/);
    expect(detail.payment.paidAt).toBe(detail.paidAt);
    expect(detail.statusHistory.map((h: { toStatus: string }) => h.toStatus).slice(0, 2)).toEqual([
      "PENDING_PAYMENT",
      "PAID",
    ]);
  });

  it("keeps the status history in the order the changes happened when two share a millisecond", async () => {
    // PGlite's clock ticks in milliseconds: the webhook's PAID and the fulfilment job's FULFILLING can get the
    // same time. Their ids (random) are chosen here so that ordering by id would put FULFILLING first.
    const who = await shopper(app);
    const code = (await place(app, who, { quantity: 1 })).json().code as string;
    const [order] = await app.database.db.select().from(orders).where(eq(orders.code, code));
    const at = new Date(Date.now() + 1_000);
    await app.database.db.insert(orderStatusHistory).values([
      {
        id: "00000000-0000-4000-8000-000000000000",
        orderId: order!.id,
        fromStatus: "PAID",
        toStatus: "FULFILLING",
        reason: "fulfilment-started",
        at,
      },
      {
        id: "ffffffff-ffff-4fff-bfff-ffffffffffff",
        orderId: order!.id,
        fromStatus: "PENDING_PAYMENT",
        toStatus: "PAID",
        reason: "payment-succeeded",
        at,
      },
    ]);
    const detail = (await get(who, `/o2ord/v1/customer/orders/${code}`)).json();
    expect(detail.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      "PENDING_PAYMENT",
      "PAID",
      "FULFILLING",
    ]);
  });

  it("answers 404, not 403, for another customer's order", async () => {
    const owner = await shopper(app);
    const stranger = await shopper(app);
    const code = (await place(app, owner, { quantity: 1 })).json().code as string;
    const res = await get(stranger, `/o2ord/v1/customer/orders/${code}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ failed: true, code: "purchase.order.notFound" });
    const cancel = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/cancel`,
      headers: stranger.headers,
    });
    expect(cancel.statusCode).toBe(404);
  });
});

describe("coupon scopes", () => {
  it("lists each wallet coupon's scope by name, and JAPAN85 applies to Japan plans only", async () => {
    const who = await shopper(app);
    await receive(app, who, "JAPAN85");
    await receive(app, who, "WELCOME10");
    const wallet = (await get(who, "/o2mkt/v1/customer/coupons?state=available", "zh_CN")).json();
    const scopes = Object.fromEntries(
      wallet.content.map((c: { code: string; scopes: unknown[] }) => [c.code, c.scopes]),
    );
    expect(scopes).toEqual({
      JAPAN85: [{ scopeType: "DESTINATION", scopeCode: "JP", name: "日本" }],
      WELCOME10: [],
    });
    const korea = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/checkout/quote",
      headers: { ...who.headers, "x-currency": "HKD" },
      payload: { platformProductCode: "KR-3GB-30D", quantity: 2, couponCode: "JAPAN85" },
    });
    expect(korea.statusCode).toBe(422);
    expect(korea.json()).toMatchObject({ code: "purchase.coupon.notApplicable" });
  });
});
