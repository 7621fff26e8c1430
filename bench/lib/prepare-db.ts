import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/client.ts";
import {
  customerSessions,
  customers,
  destinations,
  esimPackages,
  esims,
  orders,
  plans,
} from "../../db/schema/index.ts";
import { seedIfEmpty } from "../../db/seed/index.ts";
import { seedLarge } from "../../db/seed/large.ts";
import { newToken, tokenHash } from "../../server/modules/account/session-tokens.ts";
import { BENCH_SHOPPER_NAME } from "./shopper.ts";

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
  const shopperToken = await benchShopper(plan?.code ?? null);
  return {
    planCode: plan?.code ?? null,
    plans: count?.n ?? 0,
    shopperToken,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Orders the bench shopper has, each with its eSIM: a full first page of the order and eSIM lists. */
const SHOPPER_ORDERS = 12;

/**
 * Issue 15: a signed-in shopper for the personal pages (eSIM list, order list, checkout), with a history of
 * completed orders and their eSIMs, so the lists render what a returning traveller sees. Their session lasts a
 * year, so a template restored later the same day still signs in; the token is printed with the result.
 */
async function benchShopper(planCode: string | null) {
  const email = "bench-shopper@bench.roamly.test";
  const [customer] = await database.db
    .insert(customers)
    .values({ email, loginName: email, nickName: BENCH_SHOPPER_NAME })
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
  if (planCode) await shopperHistory(customer.id, email, planCode);
  return token;
}

async function shopperHistory(customerId: string, email: string, planCode: string) {
  const [plan] = await database.db.select().from(plans).where(eq(plans.platformProductCode, planCode));
  if (!plan) return;
  const day = 24 * 3_600_000;
  for (let n = 0; n < SHOPPER_ORDERS; n++) {
    const placed = new Date(Date.now() - (n + 1) * 7 * day);
    const [order] = await database.db
      .insert(orders)
      .values({
        code: `BENCH${String(n).padStart(6, "0")}`,
        customerId,
        status: "COMPLETED",
        idempotencyKey: `bench-${n}`,
        requestFingerprint: "bench",
        platformProductCode: plan.platformProductCode,
        destinationCode: plan.destinationCode,
        planTitle: plan.title.en_US ?? plan.platformProductCode,
        quantity: 1,
        currencyCode: "USD",
        unitPrice: 990,
        subtotal: 990,
        total: 990,
        contactEmail: email,
        locale: "en_US",
        expiresAt: new Date(placed.getTime() + 30 * 60_000),
        paidAt: placed,
        paymentProvider: "sandbox",
        providerPaymentId: `pay_bench_${n}`,
        createdAt: placed,
        updatedAt: placed,
      })
      .returning();
    if (!order) continue;
    const [esim] = await database.db
      .insert(esims)
      .values({
        customerId,
        iccid: `8985200000000${String(n).padStart(6, "0")}`,
        supplier: "sandbox",
        smdpAddress: "smdp.sandbox.roamly.test",
        matchingId: `BENCH-${n}`,
        apnName: "roamly",
        orderId: order.id,
        unitIndex: 0,
        createdAt: placed,
        updatedAt: placed,
      })
      .returning();
    if (!esim) continue;
    await database.db.insert(esimPackages).values({
      esimId: esim.id,
      orderId: order.id,
      unitIndex: 0,
      platformProductCode: plan.platformProductCode,
      supplierPackageId: `bench-${n}`,
      dataTotalMb: plan.dataMb,
      validityDays: plan.validityDays,
    });
  }
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
