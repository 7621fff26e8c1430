import { and, desc, eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { destinations, plans } from "../../db/schema/index.ts";
import { seedIfEmpty } from "../../db/seed/index.ts";
import { seedLarge } from "../../db/seed/large.ts";

/**
 * Run as a child by bench/run.ts: migrates and seeds one scratch database (PGlite in DATA_DIR, or PostgreSQL at
 * DATABASE_URL) before a server opens it, and prints one JSON line naming a plan to use for the PDP, taken from
 * the most popular country. BENCH_LARGE=1 tops the catalogue up with `seedLarge` (what `npm run seed:large`
 * runs). A separate process because PGlite allows one process per data directory.
 */
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || undefined,
});
async function prepareDatabase() {
  const started = Date.now();
  await database.migrate();
  if (process.env.BENCH_LARGE === "1") await seedLarge(database.db);
  else await seedIfEmpty(database.db);
  const [plan] = await database.db
    .select({ code: plans.platformProductCode })
    .from(plans)
    .innerJoin(destinations, eq(destinations.code, plans.destinationCode))
    .where(and(eq(plans.status, "ON_SHELF"), eq(destinations.type, "COUNTRY")))
    .orderBy(desc(destinations.popularity), plans.sortOrder, plans.platformProductCode)
    .limit(1);
  const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(plans);
  return { planCode: plan?.code ?? null, plans: count?.n ?? 0, seconds: (Date.now() - started) / 1000 };
}

try {
  // BENCH_INIT_ONLY=1: an empty, initialised PGlite folder for bench/lib/templates.ts; opening it was the work.
  const prepared =
    process.env.BENCH_INIT_ONLY === "1" ? { planCode: null, plans: 0, seconds: 0 } : await prepareDatabase();
  console.log(JSON.stringify(prepared));
} finally {
  await database.close();
}
