import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { esims, orders } from "../../../db/schema/index.ts";
import { place, pricePlan, shopper } from "../../../server/modules/checkout/purchase-test-kit.ts";
import { setupTestApp } from "../../../test/api.ts";
import { loadEsims } from "./esim.server.ts";

// The /ucenter/eSIM loader (ADRs 0135, 0152): `?page=N` shows pages 0..N of 20, with no cap on N, each eSIM once.
const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

describe("loadEsims", () => {
  it("shows pages 0..N of 20 however far the customer has gone, past the old 200", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, { quantity: 1 });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await app.database.db.select().from(orders).where(eq(orders.code, placed.json().code));
    // 221 eSIMs issued at the same instant: the id alone orders them.
    const createdAt = new Date("2026-05-01T00:00:00Z");
    const rows = await app.database.db
      .insert(esims)
      .values(
        Array.from({ length: 221 }, (_, unit) => ({
          customerId: who.id,
          iccid: `89852990${String(unit).padStart(11, "0")}`,
          supplier: "sandbox",
          smdpAddress: "smdp.example.com",
          matchingId: `LOADER-${unit}`,
          apnName: "roamly",
          orderId: order!.id,
          unitIndex: unit,
          createdAt,
        })),
      )
      .returning();
    const expected = rows.map((row) => row.id).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    const load = (search: string) =>
      loadEsims(app.services, who.id, new URL(`http://shop.test/ucenter/eSIM${search}`), "en_US");

    const first = await load("");
    expect([first.content.length, first.totalElements, first.numberOfElements]).toEqual([20, 221, 20]);
    expect(first.content.map((e) => e.id)).toEqual(expected.slice(0, 20));

    const tenth = await load("?page=9");
    expect(tenth.content.map((e) => e.id)).toEqual(expected.slice(0, 200));
    const eleventh = await load("?page=10");
    expect(eleventh.content.map((e) => e.id)).toEqual(expected.slice(0, 220));
    const last = await load("?page=11");
    expect(last.content.map((e) => e.id)).toEqual(expected);
    expect(new Set(last.content.map((e) => e.id)).size).toBe(221);
    // Past the end, or a forged page: everything once, never an empty or a repeated list.
    expect((await load("?page=500")).content.map((e) => e.id)).toEqual(expected);
    expect((await load("?page=junk")).content).toHaveLength(20);
  });
});
