import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  planCoverage,
  planPrices,
  planSuppliers,
  plans,
  priceRoundings,
  pricingRules,
} from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { standinForFile } from "../../../../test/standins.ts";
import { fixtureCountries } from "../../../standins/airalo/fixtures.ts";

// The catalogue sync against the Airalo stand-in's package list (issue 13; ADR 0197).

const CREDENTIALS = { AIRALO_CLIENT_ID: "sync-client", AIRALO_CLIENT_SECRET: "sync-secret" };
const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({ ...CREDENTIALS, AIRALO_BASE_URL: standin.url }));

const JP_3GB = "AIRALO-MOSHI-MOSHI-30DAYS-3GB";
const JP_10GB = "AIRALO-MOSHI-MOSHI-30DAYS-10GB";
const KR_1GB = "AIRALO-JANG-MOBILE-7DAYS-1GB";

beforeAll(async () => {
  const db = app.database.db;
  // Cost × 1.5 by default, × 2 for Japan; Hong Kong dollars end in .90, the rest as their currency's default.
  await db.insert(pricingRules).values([
    { markupBp: 15_000, floorUsdCents: 0 },
    { destinationCode: "JP", markupBp: 20_000, floorUsdCents: 0 },
    { destinationCode: "KR", markupBp: 15_000, floorUsdCents: 600 },
  ]);
  await db.insert(priceRoundings).values({ currencyCode: "HKD", step: 100, ending: 90 });
});

async function prices(code: string) {
  const rows = await app.database.db
    .select()
    .from(planPrices)
    .where(eq(planPrices.platformProductCode, code));
  return Object.fromEntries(rows.map((r) => [r.currencyCode, r.unitPrice]));
}

async function plan(code: string) {
  const [row] = await app.database.db.select().from(plans).where(eq(plans.platformProductCode, code));
  return row;
}

describe("catalogue sync", () => {
  it("turns new packages into draft plans priced by the markup rules, which an operator publishes", async () => {
    const told: string[][] = [];
    const stop = app.services.cache.onInvalidate((tags) => told.push(tags));
    await app.services.catalogueSync.requestNow();
    await app.services.jobs.drain();
    // The store's cached data and pages of the synced plans are dropped once the sync has committed (ADRs 0176,
    // 0282): those plans, their destinations and the lists, not the whole catalogue.
    expect(told).toHaveLength(1);
    expect(told[0]).toEqual(
      expect.arrayContaining([
        "catalog:lists",
        `catalog:plan:${JP_10GB}`,
        `catalog:plan:${KR_1GB}`,
        "catalog:dest:JP",
      ]),
    );
    expect(told[0]).not.toContain("catalog");
    stop();
    expect(await plan(JP_10GB)).toMatchObject({
      status: "DRAFT",
      destinationCode: "JP",
      dataMb: 10_240,
      validityDays: 30,
      network: "5G",
    });
    // No recommended price: $11.25 × 2 = $22.50 → US$22.99, HK$175.78 → HK$175.90, ¥3,410.2 → ¥3,420, €20.75 → €20.99.
    expect(await prices(JP_10GB)).toMatchObject({ USD: 2299, HKD: 17590, JPY: 3420, EUR: 2099, CNY: 16199 });
    // Airalo recommends US$9.00 and €8.28: honoured; HK$ from cost × 2 = $9 → HK$70.31 → HK$70.90.
    expect(await prices(JP_3GB)).toMatchObject({ USD: 900, EUR: 828, HKD: 7090 });
    // Korea: cost $2.20 × 1.5 = $3.30 is under the $6 floor; the recommended US$4.50 is honoured, and Hong Kong
    // dollars come from that same US$4.50 (HK$35.16 → HK$35.90), never from the floor's $6 (HK$46.90; issue 28).
    expect(await prices(KR_1GB)).toMatchObject({ USD: 450, HKD: 3590 });
    const coverage = await app.database.db
      .select()
      .from(planCoverage)
      .where(eq(planCoverage.platformProductCode, JP_3GB));
    expect(coverage).toEqual([
      expect.objectContaining({ countryCode: "JP", operators: ["SoftBank", "KDDI"], network: "5G" }),
    ]);
    const mapping = await app.database.db
      .select()
      .from(planSuppliers)
      .where(eq(planSuppliers.platformProductCode, JP_3GB));
    expect(mapping).toEqual([
      expect.objectContaining({
        platformProductCode: JP_3GB,
        supplier: "airalo",
        packageCode: "moshi-moshi-30days-3gb",
        rank: 0,
      }),
    ]);
    // The cost is kept for the console's price rules (ADR 0231).
    expect(mapping[0]!.costUsdCents).toBeGreaterThan(0);

    // A draft is not on sale.
    await expect(app.services.catalog.getPlan(JP_3GB, "USD", "en_US")).rejects.toMatchObject({ status: 404 });
    // Its titles are the supplier's English in every language: publishing asks for the others (ADR 0310).
    await expect(app.services.catalogueSync.publish(JP_3GB)).rejects.toMatchObject({
      status: 400,
      code: "consoleMerch.missingLanguages",
      params: { languages: "zh_CN, zh_HK" },
    });
    for (const [code, zh] of [
      [JP_3GB, "日本 3GB"],
      [KR_1GB, "韩国 1GB"],
    ] as const) {
      const [row] = await app.database.db.select().from(plans).where(eq(plans.platformProductCode, code));
      await app.database.db
        .update(plans)
        .set({ title: { ...row!.title, zh_CN: zh, zh_HK: zh } })
        .where(eq(plans.platformProductCode, code));
    }
    expect(await app.services.catalogueSync.publish(JP_3GB)).toBe(true);
    expect((await app.services.catalog.getPlan(JP_3GB, "USD", "en_US")).platformProductCode).toBe(JP_3GB);
    expect(await app.services.catalogueSync.publish(KR_1GB)).toBe(true);
    expect((await plan(JP_3GB))!.status).toBe("ON_SHELF");
  });

  it("updates coverage, operators and prices, and unpublishes the plan of a package that disappeared", async () => {
    const countries = fixtureCountries()
      .filter((c) => c.country_code !== "KR")
      .map((c) =>
        c.country_code !== "JP"
          ? c
          : {
              ...c,
              operators: c.operators.map((o) => ({
                ...o,
                coverages: [{ name: "JP", code: "JP", networks: [{ name: "NTT Docomo", types: ["4G"] }] }],
                packages: o.packages.map((p) =>
                  p.id === "moshi-moshi-30days-10gb" ? { ...p, net_price: 12.5 } : p,
                ),
              })),
            },
      );
    await standin.control("countries", { countries });
    const result = await app.services.catalogueSync.sync("airalo");
    expect(result.unpublished).toEqual([KR_1GB]);
    expect(result.created).toEqual([]);
    expect((await plan(KR_1GB))!.status).toBe("OFF_SHELF");
    expect((await plan(JP_3GB))!.status).toBe("ON_SHELF");
    const coverage = await app.database.db
      .select()
      .from(planCoverage)
      .where(eq(planCoverage.platformProductCode, JP_3GB));
    expect(coverage).toEqual([
      expect.objectContaining({ countryCode: "JP", operators: ["NTT Docomo"], network: "4G" }),
    ]);
    // $12.50 × 2 = $25 → US$25.99.
    expect((await prices(JP_10GB)).USD).toBe(2599);
    // Running again changes nothing more.
    expect(await app.services.catalogueSync.sync("airalo")).toMatchObject({ created: [], unpublished: [] });
  });
});
