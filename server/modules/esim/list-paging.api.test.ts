import { beforeAll, describe, expect, it } from "vitest";
import { esims } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { expectPagingRefusals, type Page, pagedList } from "../../../test/paging.ts";
import { orderRow, payWithCard, place, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";

// GET /o2esim/v1/customer/esims in page mode (spec 3, ADRs 0135, 0152): the pages together hold every eSIM once,
// newest first, the id breaking ties between eSIMs issued at the same instant (one order's units often are).
const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

const ESIMS = "/o2esim/v1/customer/esims";
type EsimPage = Page<{ id: string; iccid: string }>;
const { page: listPage } = pagedList<EsimPage["content"][number]>(app, ESIMS);

let holders = 0;

/** A customer holding `count` eSIMs of one placed order, inserted as issued rows (no supplier round trips). */
async function holder(count: number, createdAt: (unit: number) => Date) {
  const who = await shopper(app);
  const placed = await place(app, who, { quantity: 1 });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = await orderRow(app, placed.json().code);
  holders += 1;
  const tag = String(holders).padStart(6, "0");
  const rows = await app.database.db
    .insert(esims)
    .values(
      Array.from({ length: count }, (_, unit) => ({
        customerId: who.id,
        iccid: `8985200${tag}${String(unit).padStart(6, "0")}`,
        supplier: "sandbox",
        smdpAddress: "smdp.example.com",
        matchingId: `MATCH-${tag}-${unit}`,
        apnName: "roamly",
        orderId: order.id,
        unitIndex: unit,
        createdAt: createdAt(unit),
      })),
    )
    .returning();
  return { who, rows };
}

const newestFirst = (rows: { id: string; createdAt: Date }[]) =>
  [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .map((row) => row.id);

describe("GET /o2esim/v1/customer/esims paging", () => {
  it("gives every eSIM exactly once across pages, newest first and by id among equals", async () => {
    // 43 eSIMs: 40 issued at the same instant, three at their own times around them.
    const same = new Date("2026-03-01T00:00:00Z");
    const { who, rows } = await holder(43, (unit) =>
      unit === 0
        ? new Date("2026-04-01T00:00:00Z")
        : unit === 1
          ? new Date("2026-02-01T00:00:00Z")
          : unit === 2
            ? new Date("2026-03-15T00:00:00Z")
            : same,
    );
    const expected = newestFirst(rows);

    const pages: EsimPage[] = [];
    for (let page = 0; page <= 3; page += 1) pages.push(await listPage(who, `page=${page}&size=20`));
    expect(pages.map((p) => [p.numberOfElements, p.totalElements])).toEqual([
      [20, 43],
      [20, 43],
      [3, 43],
      [0, 43],
    ]);
    const seen = pages.flatMap((p) => p.content.map((e) => e.id));
    expect(new Set(seen).size).toBe(43);
    expect(seen).toEqual(expected);

    // Other page sizes cut the same sequence elsewhere.
    const nines: string[] = [];
    for (let page = 0; page < 5; page += 1)
      nines.push(...(await listPage(who, `page=${page}&size=9`)).content.map((e) => e.id));
    expect(nines).toEqual(expected);
    expect((await listPage(who, "page=0&size=100")).content.map((e) => e.id)).toEqual(expected);

    // Another customer sees none of them.
    const other = await shopper(app);
    expect(await listPage(other, "page=0&size=20")).toEqual({
      content: [],
      totalElements: 0,
      numberOfElements: 0,
    });
  });

  it("refuses a page size over 100, under 1 and a negative or fractional page with 400", async () => {
    const who = await shopper(app);
    await expectPagingRefusals(app, ESIMS, who, [
      ["page=0&size=101", "size"],
      ["page=0&size=0", "size"],
      ["page=-1&size=20", "page"],
      ["page=2.5&size=20", "page"],
    ]);
  });
});

describe("POST /__dev/orders/{code}/issue-esims (sandbox tool, ADR 0153)", () => {
  it("issues an unpaid order's eSIMs at once; paying it then completes the order with those same eSIMs", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, { quantity: 3 });
    expect(placed.statusCode, placed.body).toBe(201);
    const code = placed.json().code as string;
    const issue = () => app.server.inject({ method: "POST", url: `/__dev/orders/${code}/issue-esims` });
    const issued = await issue();
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toEqual({ code, issued: 3 });
    const before = await listPage(who, "page=0&size=20");
    expect(before.totalElements).toBe(3);

    await payWithCard(app, who, code, "en_US");
    await settle(app);

    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    const after = await listPage(who, "page=0&size=20");
    expect(after.content.map((e) => e.iccid).sort()).toEqual(before.content.map((e) => e.iccid).sort());

    // Only an unpaid order: a paid one is the provisioning job's.
    const again = await issue();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ failed: true, code: "purchase.order.notPayable" });
  });
});
