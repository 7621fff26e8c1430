import { describe, expect, it } from "vitest";
import { customerCoupons } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { expectPagingRefusals, type Page, pagedList } from "../../../test/paging.ts";
import { addCoupon, type Shopper, shopper } from "../checkout/purchase-test-kit.ts";

// GET /o2mkt/v1/customer/coupons in page mode (spec 3, ADR 0152): pages of a wallet put together hold every coupon
// once, in the documented order, even when many copies share an end date and a received time.
const app = setupTestApp();

const WALLET = "/o2mkt/v1/customer/coupons";
type WalletPage = Page<{ customerCouponId: string; code: string; state: string }>;
const { page: walletPage } = pagedList<WalletPage["content"][number]>(app, WALLET);

/** Every page of one state, one request at a time, until an empty page. */
async function allPages(who: Shopper, state: string, size: number) {
  const pages: WalletPage[] = [];
  for (let page = 0; page < 50; page += 1) {
    const body = await walletPage(who, `state=${state}&page=${page}&size=${size}`);
    pages.push(body);
    if (body.numberOfElements === 0) break;
  }
  return pages;
}

type Row = { id: string; receivedAt: Date; endTime: Date };
const byIdAsc = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe("GET /o2mkt/v1/customer/coupons paging", () => {
  it("gives every available coupon exactly once across pages: soonest end first, then newest, then by id", async () => {
    const who = await shopper(app);
    await addCoupon(app, {
      code: "PAGE-SOON",
      endTime: new Date("2029-01-01T00:00:00Z"),
      perCustomerLimit: 100,
    });
    await addCoupon(app, {
      code: "PAGE-LATE",
      endTime: new Date("2030-01-01T00:00:00Z"),
      perCustomerLimit: 100,
    });
    // 47 copies, most of them sharing an end date and a received time: only the id tells them apart.
    const sameTime = new Date("2026-01-01T00:00:00Z");
    const values = [
      ...Array.from({ length: 30 }, () => ({ couponCode: "PAGE-LATE", receivedAt: sameTime })),
      ...Array.from({ length: 15 }, () => ({ couponCode: "PAGE-SOON", receivedAt: sameTime })),
      { couponCode: "PAGE-LATE", receivedAt: new Date("2026-02-01T00:00:00Z") },
      { couponCode: "PAGE-SOON", receivedAt: new Date("2025-12-01T00:00:00Z") },
    ];
    const inserted = await app.database.db
      .insert(customerCoupons)
      .values(values.map((v) => ({ ...v, customerId: who.id })))
      .returning();
    const endOf = (code: string) =>
      new Date(code === "PAGE-SOON" ? "2029-01-01T00:00:00Z" : "2030-01-01T00:00:00Z");
    const expected = inserted
      .map((row) => ({ id: row.id, receivedAt: row.receivedAt, endTime: endOf(row.couponCode) }))
      .sort(
        (a, b) =>
          a.endTime.getTime() - b.endTime.getTime() ||
          b.receivedAt.getTime() - a.receivedAt.getTime() ||
          byIdAsc(a, b),
      )
      .map((row) => row.id);

    const pages = await allPages(who, "available", 20);
    expect(pages.map((p) => p.numberOfElements)).toEqual([20, 20, 7, 0]);
    expect(pages.every((p) => p.totalElements === 47)).toBe(true);
    expect(pages.every((p) => p.content.length === p.numberOfElements)).toBe(true);
    const seen = pages.flatMap((p) => p.content.map((c) => c.customerCouponId));
    expect(new Set(seen).size).toBe(47);
    expect(seen).toEqual(expected);
    expect(pages[0]!.content[0]).toMatchObject({ code: "PAGE-SOON", state: "available" });

    // Another page size cuts the same sequence at other places; one page of everything is the same sequence.
    const sevens = (await allPages(who, "available", 7)).flatMap((p) =>
      p.content.map((c) => c.customerCouponId),
    );
    expect(sevens).toEqual(expected);
    const whole = await walletPage(who, "state=available&page=0&size=100");
    expect(whole.content.map((c) => c.customerCouponId)).toEqual(expected);
  });

  it("pages used and expired coupons newest first, ties broken by id", async () => {
    const who = await shopper(app);
    await addCoupon(app, {
      code: "PAGE-OLD",
      endTime: new Date("2024-06-01T00:00:00Z"),
      perCustomerLimit: 100,
    });
    await addCoupon(app, { code: "PAGE-USED", perCustomerLimit: 100 });
    const sameTime = new Date("2024-01-01T00:00:00Z");
    const expired = await app.database.db
      .insert(customerCoupons)
      .values(
        Array.from({ length: 23 }, () => ({
          couponCode: "PAGE-OLD",
          customerId: who.id,
          receivedAt: sameTime,
        })),
      )
      .returning();
    const used = await app.database.db
      .insert(customerCoupons)
      .values(
        Array.from({ length: 21 }, (_, i) => ({
          couponCode: "PAGE-USED",
          customerId: who.id,
          status: i % 2 === 0 ? ("USED" as const) : ("RESERVED" as const),
          receivedAt: i < 3 ? new Date(`2025-0${i + 1}-01T00:00:00Z`) : sameTime,
        })),
      )
      .returning();
    const newestFirst = (rows: { id: string; receivedAt: Date }[]) =>
      [...rows]
        .sort(
          (a, b) =>
            b.receivedAt.getTime() - a.receivedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        )
        .map((row) => row.id);

    const expiredPages = await allPages(who, "expired", 10);
    expect(expiredPages.map((p) => p.numberOfElements)).toEqual([10, 10, 3, 0]);
    expect(expiredPages.flatMap((p) => p.content.map((c) => c.customerCouponId))).toEqual(
      newestFirst(expired),
    );

    const usedPages = await allPages(who, "used", 20);
    expect(usedPages.map((p) => [p.numberOfElements, p.totalElements])).toEqual([
      [20, 21],
      [1, 21],
      [0, 21],
    ]);
    expect(usedPages.flatMap((p) => p.content.map((c) => c.customerCouponId))).toEqual(newestFirst(used));

    // Neither list leaks into the available one.
    const available = await walletPage(who, "page=0&size=20");
    expect(available).toEqual({ content: [], totalElements: 0, numberOfElements: 0 });
  });

  it("refuses a page size over 100, under 1, a negative or fractional page and an unknown state with 400", async () => {
    const who = await shopper(app);
    await expectPagingRefusals(app, WALLET, who, [
      ["page=0&size=101", "size"],
      ["page=0&size=0", "size"],
      ["page=-1&size=20", "page"],
      ["page=1.5&size=20", "page"],
      ["page=abc", "page"],
      ["state=all", "state"],
    ]);
  });
});
