import { sql } from "drizzle-orm";
import { planCoverage, planPrices, plans } from "../schema/index.ts";
import { insertInBatches } from "./batch.ts";
import { seedDestinations } from "./destinations.ts";
import { seedIfEmpty } from "./index.ts";
import { buildPlan, largeGridShapes, planCode, type SeedPlan } from "./plans.ts";

/** ADR 0012: the catalogue size a large store has, for performance work. */
export const LARGE_CATALOGUE_PLANS = 10_000;
const PLANS_PER_TRANSACTION = 500;

/**
 * `npm run seed:large` (scripts/seed-large.ts): tops the catalogue up to at least 10,000 plans with the full data × validity grid per
 * destination, most popular destinations first. Idempotent: plans that exist are skipped, and a catalogue that
 * is already large enough is left alone.
 */
export async function seedLarge(db: Parameters<typeof seedIfEmpty>[0], target = LARGE_CATALOGUE_PLANS) {
  await seedIfEmpty(db);
  const existing = new Set(
    (await db.select({ code: plans.platformProductCode }).from(plans)).map((row) => row.code),
  );
  let total = existing.size;
  const pending: SeedPlan[] = [];
  const grid = largeGridShapes();
  const byPopularity = seedDestinations().sort(
    (a, b) => b.popularity - a.popularity || a.code.localeCompare(b.code),
  );
  for (const destination of byPopularity) {
    if (total >= target) break;
    grid.forEach((shape, index) => {
      if (total >= target || existing.has(planCode(destination.code, shape))) return;
      pending.push(buildPlan(destination, shape, 100 + index, true));
      total += 1;
    });
  }
  for (let start = 0; start < pending.length; start += PLANS_PER_TRANSACTION) {
    const chunk = pending.slice(start, start + PLANS_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      await insertInBatches(
        tx,
        plans,
        chunk.map((p) => p.plan),
        1000,
        true,
      );
      await insertInBatches(
        tx,
        planPrices,
        chunk.flatMap((p) => p.prices),
        2000,
        true,
      );
      await insertInBatches(
        tx,
        planCoverage,
        chunk.flatMap((p) => p.coverage),
        2000,
        true,
      );
    });
  }
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(plans);
  return { added: pending.length, total: count?.n ?? 0 };
}
