import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies, planPrices, planSuppliers, plans } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { standinForFile } from "../../../../test/standins.ts";
import { fixtureCountries } from "../../../standins/airalo/fixtures.ts";
import { createOperator, operatorHeaders, type TestOperator } from "../../admin/admin-test-kit.ts";

// What an operator trips over on a real supplier (issue 28; ADR 0310): unmapped plans on sale, package codes the
// catalogue does not hold, hand-set prices the sync overwrote, currencies that disagree, an out-of-stock package
// that deleted its mapping, and drafts published with English titles. The store's default supplier is Airalo
// (its stand-in, over HTTP), so seeded plans, which name no supplier package, cannot sell.

const CREDENTIALS = { AIRALO_CLIENT_ID: "trust-client", AIRALO_CLIENT_SECRET: "trust-secret" };
const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  AIRALO_BASE_URL: standin.url,
  SUPPLIER_PROVIDER: "airalo",
}));

const JP_3GB = "AIRALO-MOSHI-MOSHI-30DAYS-3GB";
const JP_10GB = "AIRALO-MOSHI-MOSHI-30DAYS-10GB";
const KR_1GB = "AIRALO-JANG-MOBILE-7DAYS-1GB";
/** Seeded plans: on sale, with no supplier package. */
const SEEDED = "JP-1GB-7D";
const SEEDED_OFF = "JP-3GB-30D";

let merchandiser: TestOperator;

beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
  // The first sync: the stand-in's packages become drafts, mapped to their Airalo packages.
  await app.services.catalogueSync.sync("airalo");
});

async function call(
  method: "GET" | "PUT" | "PATCH" | "POST",
  url: string,
  payload?: object,
  lang: "en_US" | "zh_CN" | "zh_HK" = "en_US",
) {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...(await operatorHeaders(app, merchandiser)), "x-lang": lang },
    ...(payload ? { payload } : {}),
  });
}

async function prices(code: string) {
  const rows = await app.database.db
    .select()
    .from(planPrices)
    .where(eq(planPrices.platformProductCode, code));
  return Object.fromEntries(rows.map((r) => [r.currencyCode, r.unitPrice]));
}

async function planRow(code: string) {
  const [row] = await app.database.db.select().from(plans).where(eq(plans.platformProductCode, code));
  return row!;
}

async function mappings(code: string) {
  return app.database.db.select().from(planSuppliers).where(eq(planSuppliers.platformProductCode, code));
}

const translated = (en: string) => ({ en_US: en, zh_CN: `${en}（简）`, zh_HK: `${en}（繁）` });

/** The stand-in's catalogue with some packages changed or removed. */
async function catalogueWith(change: {
  without?: string[];
  /** A new package copied from a listed one: the listed one's id → the new id. */
  copy?: Record<string, string>;
  rrp?: Record<string, Record<string, number>>;
}) {
  const countries = fixtureCountries().map((c) => ({
    ...c,
    operators: c.operators.map((o) => ({
      ...o,
      packages: o.packages
        .flatMap((p) => (change.copy?.[p.id] ? [p, { ...p, id: change.copy[p.id]! }] : [p]))
        .filter((p) => !change.without?.includes(p.id))
        .map((p) =>
          change.rrp?.[p.id]
            ? { ...p, prices: { ...p.prices, recommended_retail_price: change.rrp[p.id]! } }
            : p,
        ),
    })),
  }));
  await standin.control("countries", { countries });
}

describe("unmapped plans under a real supplier", () => {
  it("lists seeded plans on sale as unmapped, warns at start-up, and refuses to put one on sale", async () => {
    const unmapped = await call("GET", "/catalog/unmapped");
    expect(unmapped.statusCode).toBe(200);
    expect(unmapped.json().suppliers).toEqual(["airalo"]);
    const codes = unmapped.json().plans.map((p: { platformProductCode: string }) => p.platformProductCode);
    expect(codes).toContain(SEEDED);
    // Synced drafts are mapped and not on sale: not listed.
    expect(codes).not.toContain(JP_3GB);

    const warnings: { details: { count: number; plans: string[] }; message: string }[] = [];
    const count = await app.services.catalogueSync.warnUnmapped({
      warn: (details, message) => warnings.push({ details: details as never, message }),
    });
    expect(count).toBe(codes.length);
    expect(warnings).toHaveLength(1);
    // Every seeded plan on sale (hundreds): the count, and the first twenty by code.
    expect(warnings[0]!.details.count).toBe(codes.length);
    expect(warnings[0]!.details.plans).toEqual(codes.slice(0, 20));
    expect(warnings[0]!.message).toMatch(/no supplier mapping/);

    // Off sale is allowed; back on sale without a mapping is not, in the operator's language.
    expect((await call("PATCH", `/catalog/plans/${SEEDED_OFF}`, { status: "OFF_SHELF" })).statusCode).toBe(
      200,
    );
    const refused = await call("PATCH", `/catalog/plans/${SEEDED_OFF}`, { status: "ON_SHELF" }, "zh_CN");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ failed: true, code: "consoleMerch.planUnmapped" });
    expect(refused.json().message).toContain("airalo");
    expect(refused.json().message).toContain("退款");
    expect((await planRow(SEEDED_OFF)).status).toBe("OFF_SHELF");

    // Mapped to an Airalo package, it goes on sale and leaves the alert.
    const mapped = await call("PUT", `/catalog/plans/${SEEDED_OFF}/suppliers`, {
      packages: [{ supplier: "airalo", packageCode: "moshi-moshi-30days-3gb", rank: 0 }],
    });
    expect(mapped.statusCode).toBe(200);
    expect((await call("PATCH", `/catalog/plans/${SEEDED_OFF}`, { status: "ON_SHELF" })).statusCode).toBe(
      200,
    );
    const after = (await call("GET", "/catalog/unmapped")).json();
    expect(after.plans.map((p: { platformProductCode: string }) => p.platformProductCode)).not.toContain(
      SEEDED_OFF,
    );
  });
});

describe("package codes", () => {
  it("refuses a package the supplier's catalogue does not hold, and takes a listed one with its cost", async () => {
    const refused = await call(
      "PUT",
      `/catalog/plans/${SEEDED}/suppliers`,
      { packages: [{ supplier: "airalo", packageCode: "no-such-package-xyz", rank: 0 }] },
      "zh_HK",
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "consoleMerch.unknownPackage",
      fields: { "packages.0.packageCode": "consoleMerch.import.unknownPackage" },
    });
    expect(refused.json().message).toBe("airalo 的套餐目錄中沒有套餐 no-such-package-xyz");
    expect(await mappings(SEEDED)).toEqual([]);

    const taken = await call("PUT", `/catalog/plans/${SEEDED}/suppliers`, {
      packages: [{ supplier: "airalo", packageCode: "jang-mobile-7days-1gb", rank: 0 }],
    });
    expect(taken.statusCode).toBe(200);
    // The catalogue's cost ($2.20) and recommended prices come with it.
    expect(await mappings(SEEDED)).toEqual([
      expect.objectContaining({
        supplier: "airalo",
        packageCode: "jang-mobile-7days-1gb",
        costUsdCents: 220,
        recommendedRetail: expect.objectContaining({ USD: 450 }),
      }),
    ]);
  });
});

describe("hand-set prices", () => {
  it("survive the sync while no rule is stored, warn at or under cost, and give way to a rule applied", async () => {
    // JP 10 GB costs $11.25. The operator sets US$11.00 by hand: under cost, so the console warns.
    const set = await call("PUT", `/catalog/plans/${JP_10GB}/prices`, {
      prices: [{ currencyCode: "USD", unitPrice: 1100 }],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().costWarnings).toEqual([{ currencyCode: "USD", unitPrice: 1100, costMinor: 1125 }]);
    const detail = (await call("GET", `/catalog/plans/${JP_10GB}`)).json();
    expect(detail.costWarnings).toEqual([{ currencyCode: "USD", unitPrice: 1100, costMinor: 1125 }]);

    // The hourly sync, with no rule stored, leaves it (it used to write cost × 1.8 → US$20.99).
    await app.services.catalogueSync.requestNow();
    await app.services.jobs.drain();
    expect((await prices(JP_10GB)).USD).toBe(1100);

    // A price above cost gives no warning.
    await call("PUT", `/catalog/plans/${JP_10GB}/prices`, {
      prices: [{ currencyCode: "USD", unitPrice: 1600 }],
    });
    expect((await call("GET", `/catalog/plans/${JP_10GB}`)).json().costWarnings).toEqual([]);

    // The operator applies a rule for this plan: $11.25 × 1.5 = $16.88 → US$16.99, and the sync keeps to it.
    const rule = await call("POST", "/pricing/rules", { platformProductCode: JP_10GB, markupBp: 15_000 });
    expect(rule.statusCode).toBe(200);
    expect((await prices(JP_10GB)).USD).toBe(1699);
    await app.services.catalogueSync.sync("airalo");
    expect((await prices(JP_10GB)).USD).toBe(1699);
  });
});

describe("currencies", () => {
  it("derives a currency without a recommended price from the plan's base price, not from cost", async () => {
    // A new package, Thailand 5 GB: Airalo recommends US$5.00 and nothing in other currencies (cost $3.10; cost ×
    // 1.8 = $5.58 would give HK$… from a different source than the US$5.00).
    await catalogueWith({
      copy: { "sawadee-15days-2gb": "sawadee-30days-5gb" },
      rrp: { "sawadee-30days-5gb": { USD: 5 } },
    });
    const synced = await app.services.catalogueSync.sync("airalo");
    const code = "AIRALO-SAWADEE-30DAYS-5GB";
    expect(synced.created).toEqual([code]);
    const rates = await app.database.db.select().from(currencies);
    const usdRate = Number(rates.find((c) => c.code === "USD")!.rateFromBase);
    const expected = (code: string, ending: (minor: number) => number) => {
      const rate = rates.find((c) => c.code === code)!;
      return ending(Math.ceil((5 / usdRate) * Number(rate.rateFromBase) * 10 ** rate.minorDigits - 1e-6));
    };
    const x99 = (minor: number) => Math.ceil((minor - 99) / 100) * 100 + 99;
    const got = await prices(code);
    expect(got.USD).toBe(500);
    // Every other currency is US$5.00 at the stored rate, rounded up to .99.
    expect(got.HKD).toBe(expected("HKD", x99));
    expect(got.CNY).toBe(expected("CNY", x99));
    expect(got.EUR).toBe(expected("EUR", x99));
    // So Hong Kong dollars and US dollars agree to within the rounding.
    expect(got.HKD! * usdRate).toBeLessThan(500 + 100 * usdRate);
    await catalogueWith({});
  });
});

describe("out of stock", () => {
  it("pauses a mapping and keeps its failover; resumes when the package is back", async () => {
    // JP 3 GB: Airalo first, eSIM Access as the failover; Korea 1 GB: Airalo only. Both published.
    const failover = await call("PUT", `/catalog/plans/${JP_3GB}/suppliers`, {
      packages: [
        { supplier: "airalo", packageCode: "moshi-moshi-30days-3gb", rank: 0 },
        { supplier: "esimaccess", packageCode: "CKH491", rank: 1, costUsdCents: 300 },
      ],
    });
    expect(failover.statusCode).toBe(200);
    for (const code of [JP_3GB, KR_1GB]) {
      const published = await call("PATCH", `/catalog/plans/${code}`, {
        title: translated((await planRow(code)).title.en_US),
        status: "ON_SHELF",
      });
      expect(published.statusCode).toBe(200);
    }

    // Both packages go out of stock: the mappings stay, paused; Japan keeps selling through its failover, Korea
    // (no other package) goes off sale.
    await catalogueWith({ without: ["moshi-moshi-30days-3gb", "jang-mobile-7days-1gb"] });
    const out = await app.services.catalogueSync.sync("airalo");
    expect(out.paused).toEqual(expect.arrayContaining([JP_3GB, KR_1GB]));
    expect(out.unpublished).toContain(KR_1GB);
    const jp = await mappings(JP_3GB);
    expect(jp).toHaveLength(2);
    expect(jp.find((m) => m.supplier === "airalo")!.pausedAt).toBeInstanceOf(Date);
    expect(jp.find((m) => m.supplier === "esimaccess")!.pausedAt).toBeNull();
    expect((await planRow(JP_3GB)).status).toBe("ON_SHELF");
    expect(await mappings(KR_1GB)).toEqual([
      expect.objectContaining({ supplier: "airalo", packageCode: "jang-mobile-7days-1gb" }),
    ]);
    expect((await planRow(KR_1GB)).status).toBe("OFF_SHELF");
    // The console shows the pause; saving the form as it is keeps it (a paused package is not re-checked).
    const detail = (await call("GET", `/catalog/plans/${JP_3GB}`)).json();
    expect(detail.suppliers[0]).toMatchObject({ supplier: "airalo", pausedAt: expect.any(String) });
    const resaved = await call("PUT", `/catalog/plans/${JP_3GB}/suppliers`, {
      packages: detail.suppliers.map((s: { supplier: string; packageCode: string; rank: number }) => ({
        supplier: s.supplier,
        packageCode: s.packageCode,
        rank: s.rank,
      })),
    });
    expect(resaved.statusCode).toBe(200);
    expect((await mappings(JP_3GB)).find((m) => m.supplier === "airalo")!.pausedAt).toBeInstanceOf(Date);

    // Back in stock: both resume, and Korea is back on sale.
    await catalogueWith({});
    const back = await app.services.catalogueSync.sync("airalo");
    expect(back.resumed).toEqual(expect.arrayContaining([JP_3GB, KR_1GB]));
    expect((await mappings(JP_3GB)).every((m) => m.pausedAt === null)).toBe(true);
    expect((await mappings(KR_1GB))[0]!.pausedAt).toBeNull();
    expect((await planRow(KR_1GB)).status).toBe("ON_SHELF");
    expect((await planRow(JP_3GB)).status).toBe("ON_SHELF");
  });
});

describe("drafts and languages", () => {
  it("refuses to publish a draft whose Chinese titles are missing or still English, naming them", async () => {
    const code = "AIRALO-MOSHI-MOSHI-30DAYS-10GB";
    expect((await planRow(code)).status).toBe("DRAFT");
    const english = (await planRow(code)).title.en_US;
    const refused = await call("PATCH", `/catalog/plans/${code}`, { status: "ON_SHELF" }, "zh_CN");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: "consoleMerch.missingLanguages",
      fields: { "title.zh_CN": "validation.required", "title.zh_HK": "validation.required" },
    });
    expect(refused.json().message).toContain("zh_CN, zh_HK");
    expect(refused.json().message).toContain("上架前");

    // zh_CN written, zh_HK still the English copy: only zh_HK is asked for.
    const half = await call("PATCH", `/catalog/plans/${code}`, {
      title: { en_US: english, zh_CN: "日本 10GB 30天", zh_HK: english },
      status: "ON_SHELF",
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toMatch(/: zh_HK$/);
    expect((await planRow(code)).status).toBe("DRAFT");
    expect((await planRow(code)).title.zh_CN).toBe(english);

    const published = await call("PATCH", `/catalog/plans/${code}`, {
      title: { en_US: english, zh_CN: "日本 10GB 30天", zh_HK: "日本 10GB 30日" },
      status: "ON_SHELF",
    });
    expect(published.statusCode).toBe(200);
    expect(await planRow(code)).toMatchObject({ status: "ON_SHELF", title: { zh_HK: "日本 10GB 30日" } });
  });
});
