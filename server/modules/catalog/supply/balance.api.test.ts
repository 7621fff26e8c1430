import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messageOutbox, planSuppliers, plans, supplierBalances } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { standinForFile } from "../../../../test/standins.ts";
import { PLAN } from "../../checkout/purchase-test-kit.ts";

// A low supplier balance alerts operators and pauses the plans only that supplier fulfils (issue 13; ADR 0198).

const CREDENTIALS = { ESIMACCESS_ACCESS_CODE: "balance-code", ESIMACCESS_SECRET: "balance-secret" };
const ALERTS = "ops@roamly.example";
const standin = standinForFile("esimaccess", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  ESIMACCESS_BASE_URL: standin.url,
  // US$50.00 (the balance is USD × 10,000 at eSIM Access).
  ESIMACCESS_LOW_BALANCE_CENTS: "5000",
  OPERATOR_ALERT_EMAIL: ALERTS,
}));

let soleCode: string;

beforeAll(async () => {
  const db = app.database.db;
  const [other] = await db
    .select()
    .from(plans)
    .where(
      and(eq(plans.destinationCode, "JP"), eq(plans.status, "ON_SHELF"), ne(plans.platformProductCode, PLAN)),
    )
    .limit(1);
  soleCode = other!.platformProductCode;
  await db.insert(planSuppliers).values([
    // Only eSIM Access fulfils this one…
    { platformProductCode: soleCode, supplier: "esimaccess", packageCode: "CKH492", rank: 0 },
    // …while this one fails over to the sandbox.
    { platformProductCode: PLAN, supplier: "esimaccess", packageCode: "CKH491", rank: 0 },
    { platformProductCode: PLAN, supplier: "sandbox", packageCode: PLAN, rank: 1 },
  ]);
});

async function status(code: string) {
  const [row] = await app.database.db.select().from(plans).where(eq(plans.platformProductCode, code));
  return row!.status;
}

async function alerts() {
  return app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, ALERTS));
}

describe("supplier balance", () => {
  it("a healthy balance changes nothing", async () => {
    const result = await app.services.supplierBalances.check("esimaccess");
    expect(result).toMatchObject({ low: false, amountMinor: 100_000, currency: "USD" });
    expect(await status(soleCode)).toBe("ON_SHELF");
    expect(await alerts()).toHaveLength(0);
  });

  it("under the threshold: one operator alert, the supplier's sole plans paused, the others still selling", async () => {
    await standin.control("balance", { balance: 400_000 }); // US$40.00
    await app.services.supplierBalances.check("esimaccess");
    expect(await status(soleCode)).toBe("OFF_SHELF");
    expect(await status(PLAN)).toBe("ON_SHELF");
    // Plans that name no supplier are the default supplier's (the sandbox here): untouched.
    const [row] = await app.database.db
      .select()
      .from(supplierBalances)
      .where(eq(supplierBalances.supplier, "esimaccess"));
    expect(row).toMatchObject({ low: true, amountMinor: 4000, thresholdMinor: 5000 });
    const sent = await alerts();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("Supplier balance low: esimaccess");
    expect(sent[0]!.body).toContain("40.00 USD");
    // Checked again while still low: no second alert.
    await app.services.supplierBalances.check("esimaccess");
    expect(await alerts()).toHaveLength(1);
  });

  it("topped up: the paused plans are back on sale", async () => {
    const told: string[][] = [];
    const stop = app.services.cache.onInvalidate((tags) => told.push(tags));
    await standin.control("balance", { balance: 10_000_000 });
    const result = await app.services.supplierBalances.check("esimaccess");
    expect(result).toMatchObject({ low: false, resumed: 1 });
    expect(await status(soleCode)).toBe("ON_SHELF");
    // The store's cached data and pages of the resumed plan are dropped, so it is on sale from the next request
    // (ADRs 0176, 0282); other plans' stay.
    expect(told).toHaveLength(1);
    expect(told[0]).toEqual(expect.arrayContaining(["catalog:lists", `catalog:plan:${soleCode}`]));
    expect(told[0]?.filter((tag) => tag.startsWith("catalog:plan:"))).toEqual([`catalog:plan:${soleCode}`]);
    // Checked again with nothing to change: the caches are left alone.
    await app.services.supplierBalances.check("esimaccess");
    expect(told).toHaveLength(1);
    stop();
  });
});
