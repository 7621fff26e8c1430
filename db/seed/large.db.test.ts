import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { planPrices, plans } from "../schema/index.ts";
import { seedLarge } from "./large.ts";

const app = setupTestApp();

describe("seed:large", () => {
  it("tops the catalogue up to the target with grid plans, priced in every currency, and is idempotent", async () => {
    const db = app.database.db;
    const [before] = await db.select({ n: sql<number>`count(*)::int` }).from(plans);
    // A small target keeps the test fast; npm run seed:large uses 10,000.
    const first = await seedLarge(db, before!.n + 150);
    expect(first).toEqual({ added: 150, total: before!.n + 150 });
    const again = await seedLarge(db, before!.n + 150);
    expect(again).toEqual({ added: 0, total: before!.n + 150 });
    const added = await db.select().from(plans).where(eq(plans.platformProductCode, "JP-512MB-1D"));
    expect(added).toHaveLength(1);
    const prices = await db
      .select()
      .from(planPrices)
      .where(eq(planPrices.platformProductCode, "JP-512MB-1D"));
    expect(prices.map((p) => p.currencyCode).sort()).toEqual(["CNY", "EUR", "HKD", "JPY", "USD"]);
  });
});
