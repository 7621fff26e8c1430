import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import { customerSessions, customers, destinations, plans } from "../../db/schema/index.ts";
import { seedIfEmpty } from "../../db/seed/index.ts";
import { seedLarge } from "../../db/seed/large.ts";
import { newToken, tokenHash } from "../../server/modules/account/session-tokens.ts";

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
  const shopperToken = await benchShopper();
  return {
    planCode: plan?.code ?? null,
    plans: count?.n ?? 0,
    shopperToken,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * Issue 15: a signed-in shopper for the personal pages (eSIM list, order list, checkout). Their session lasts a
 * year, so a template restored later the same day still signs in; the token is printed with the result.
 */
async function benchShopper() {
  const email = "bench-shopper@bench.roamly.test";
  const [customer] = await database.db
    .insert(customers)
    .values({ email, loginName: email })
    .onConflictDoNothing()
    .returning();
  if (!customer) return null;
  const token = newToken();
  const year = 365 * 24 * 3_600_000;
  await database.db.insert(customerSessions).values({
    customerId: customer.id,
    familyId: randomUUID(),
    accessTokenHash: tokenHash(token),
    refreshTokenHash: tokenHash(newToken()),
    expiresAt: new Date(Date.now() + year),
    refreshExpiresAt: new Date(Date.now() + year),
  });
  return token;
}

try {
  // BENCH_INIT_ONLY=1: an empty, initialised PGlite folder for bench/lib/templates.ts; opening it was the work.
  const prepared =
    process.env.BENCH_INIT_ONLY === "1"
      ? { planCode: null, plans: 0, shopperToken: null, seconds: 0 }
      : await prepareDatabase();
  console.log(JSON.stringify(prepared));
} finally {
  await database.close();
}
