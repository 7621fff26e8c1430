import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../../db/client.ts";
import { planPrices, planSuppliers, pricingRules } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { createConsolePricing } from "./pricing.ts";

// The console's price rules (ADR 0231): a preview says what a rule would do and writes nothing; the save writes
// exactly those prices.

const app = setupTestApp();
const pricing = createConsolePricing();
const db = () => app.database.db;

async function prices(code: string) {
  const rows = await db().select().from(planPrices).where(eq(planPrices.platformProductCode, code));
  return Object.fromEntries(rows.map((r) => [r.currencyCode, r.unitPrice]));
}

describe("console price rules", () => {
  it("previews a plan rule's prices from the supplier cost without writing, then saves exactly them", async () => {
    await db().insert(planSuppliers).values({
      platformProductCode: "JP-1GB-7D",
      supplier: "sandbox",
      packageCode: "JP-1GB-7D",
      costUsdCents: 500,
    });
    const stored = await prices("JP-1GB-7D");
    const change = {
      rule: { destinationCode: null, platformProductCode: "JP-1GB-7D", markupBp: 20_000, floorUsdCents: 0 },
    };
    const preview = await pricing.preview(db(), change);
    // $5.00 × 2 = $10.00, rounded up to x.99: $10.99; the other currencies convert at the stored rates.
    expect(preview.changes).toContainEqual({
      platformProductCode: "JP-1GB-7D",
      destinationCode: "JP",
      currencyCode: "USD",
      before: stored.USD,
      after: 1099,
    });
    expect(preview.plans).toBe(1);
    expect(preview.changes.every((c) => c.platformProductCode === "JP-1GB-7D")).toBe(true);
    // Seeded plans have no supplier cost: rules leave them as they were set.
    expect(preview.unpriced).toBe(0);
    expect(await prices("JP-1GB-7D")).toEqual(stored);
    expect(await db().select().from(pricingRules)).toEqual([]);

    const repriced = await db().transaction(async (raw) => {
      const tx = raw as unknown as Database;
      await pricing.save(tx, change);
      return pricing.reprice(tx);
    });
    expect(repriced.changes).toEqual(preview.changes);
    const after = await prices("JP-1GB-7D");
    expect(after.USD).toBe(1099);
    for (const c of preview.changes) expect(after[c.currencyCode]).toBe(c.after);
    // Saved again, nothing moves.
    expect((await pricing.preview(db(), {})).changes).toEqual([]);
  });

  it("previews an FX rate and a rounding change on the plans they touch", async () => {
    const before = await prices("JP-1GB-7D");
    const preview = await pricing.preview(db(), {
      rates: { EUR: "0.2" },
      roundings: { USD: { step: 100, ending: 90 } },
    });
    const byCurrency = Object.fromEntries(preview.changes.map((c) => [c.currencyCode, c]));
    expect(byCurrency.USD).toMatchObject({ before: before.USD, after: 1090 });
    expect(byCurrency.EUR!.after).toBeGreaterThan(before.EUR!);
    expect(byCurrency.HKD).toBeUndefined();
  });

  it("falls back to the destination's rule when the plan's is deleted", async () => {
    const [rule] = await db()
      .select()
      .from(pricingRules)
      .where(eq(pricingRules.platformProductCode, "JP-1GB-7D"));
    await db().insert(pricingRules).values({ destinationCode: "JP", markupBp: 30_000, floorUsdCents: 0 });
    const preview = await pricing.preview(db(), { deleteRuleId: rule!.id });
    expect(preview.changes.find((c) => c.currencyCode === "USD")?.after).toBe(1599);
  });
});
