import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { planPrices } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders, type TestOperator } from "../../admin/admin-test-kit.ts";
import { place, pricePlan, shopper } from "../../checkout/purchase-test-kit.ts";
import { makeXlsxBomb } from "../../uploads/test-files.ts";

// The console's merchandising API (issue 16; ADRs 0230-0234), called as operators would: each change reaches the
// store on the next request, and each writes its audit record.

const app = setupTestApp();
let merchandiser: TestOperator;
let support: TestOperator;

beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
  support = await createOperator(app, "support");
});

async function call(
  operator: TestOperator,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
) {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: await operatorHeaders(app, operator),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const storePrice = async (code: string, currency = "USD") =>
  (await app.services.catalog.getPlan(code, currency, "en_US")).unitPrice;

describe("console prices", () => {
  it("previews a plan's price rule, saves it, and the store shows the new price on the next request", async () => {
    const code = "JP-1GB-7D";
    const suppliers = await call(merchandiser, "PUT", `/catalog/plans/${code}/suppliers`, {
      packages: [{ supplier: "sandbox", packageCode: code, rank: 0, costUsdCents: 400 }],
    });
    expect(suppliers.statusCode).toBe(200);
    const before = await storePrice(code);
    const rule = { platformProductCode: code, markupBp: 25_000, floorUsdCents: 0 };
    const preview = await call(merchandiser, "POST", "/pricing/preview", { rule });
    expect(preview.statusCode).toBe(200);
    // $4.00 × 2.5 = $10.00, ending .99: $10.99.
    expect(preview.json().changes).toContainEqual({
      platformProductCode: code,
      destinationCode: "JP",
      currencyCode: "USD",
      before,
      after: 1099,
    });
    expect(await storePrice(code)).toBe(before);

    const told: string[][] = [];
    const stop = app.services.cache.onInvalidate((tags) => told.push(tags));
    const saved = await call(merchandiser, "POST", "/pricing/rules", rule);
    stop();
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ plans: 1 });
    // Only what the rule repriced: the plan, its destination and the lists spanning the catalogue (ADR 0282).
    expect(told).toEqual([["catalog:lists", `catalog:plan:${code}`, "catalog:dest:JP"]]);
    expect(await storePrice(code)).toBe(1099);
    const [record] = await auditOf(app, "pricing", code);
    expect(record).toMatchObject({ operatorId: merchandiser.id, action: "pricing.rule.save" });
    expect((await auditOf(app, "plan", code)).map((r) => r.action)).toEqual(["plan.suppliers.set"]);
  });

  it("a new FX rate reprices the plans with a cost and clears the cached currencies", async () => {
    const told: string[][] = [];
    const stop = app.services.cache.onInvalidate((tags) => told.push(tags));
    const res = await call(merchandiser, "PUT", "/pricing/rates", { rates: { EUR: "0.2" } });
    stop();
    expect(res.statusCode).toBe(200);
    expect(told).toEqual([["currencies", "catalog"]]);
    // $10.00 = HK$78 at 7.8 per dollar... here 0.2 EUR per HKD: €15.60 rounded up to €15.99.
    expect(await storePrice("JP-1GB-7D", "EUR")).toBe(1599);
    expect((await auditOf(app, "pricing", "fx"))[0]?.action).toBe("pricing.rates.save");
  });

  it("refuses the base currency's rate and an unknown currency", async () => {
    expect((await call(merchandiser, "PUT", "/pricing/rates", { rates: { HKD: "2" } })).json().code).toBe(
      "consoleMerch.baseRate",
    );
    expect((await call(merchandiser, "PUT", "/pricing/rates", { rates: { XYZ: "2" } })).statusCode).toBe(400);
  });

  it("two operators saving the same scope at once leave one rule", async () => {
    const other = await createOperator(app, "owner");
    const [a, b] = await Promise.all([
      call(merchandiser, "POST", "/pricing/rules", { destinationCode: "KR", markupBp: 20_000 }),
      call(other, "POST", "/pricing/rules", { destinationCode: "KR", markupBp: 21_000 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rules = (await call(merchandiser, "GET", "/pricing")).json().rules as {
      destinationCode: string | null;
    }[];
    expect(rules.filter((r) => r.destinationCode === "KR")).toHaveLength(1);
    expect(await auditOf(app, "pricing", "KR")).toHaveLength(2);
  });

  it("support cannot change prices", async () => {
    const res = await call(support, "POST", "/pricing/rules", { markupBp: 20_000 });
    expect(res.statusCode).toBe(403);
  });
});

describe("console catalogue", () => {
  it("unpublishes a plan and relabels it, and the store stops selling it", async () => {
    const res = await call(merchandiser, "PATCH", "/catalog/plans/KR-1GB-7D", {
      status: "OFF_SHELF",
      labelCodes: [],
    });
    expect(res.statusCode).toBe(200);
    await expect(app.services.catalog.getPlan("KR-1GB-7D", "USD", "en_US")).rejects.toMatchObject({
      status: 404,
    });
    const [record] = await auditOf(app, "plan", "KR-1GB-7D");
    expect(record).toMatchObject({ action: "plan.update", after: { status: "OFF_SHELF", labelCodes: [] } });
    expect(
      (await call(merchandiser, "PATCH", "/catalog/plans/KR-1GB-7D", { labelCodes: ["NOPE"] })).json().code,
    ).toBe("consoleMerch.unknownLabel");
  });

  it("renames a destination and adds a search alias", async () => {
    const res = await call(merchandiser, "PATCH", "/catalog/destinations/JP", {
      aliases: ["Nihon", "Nippon", "Land of the rising sun"],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().searchText).toContain("land of the rising sun");
    expect((await auditOf(app, "destination", "JP"))[0]?.action).toBe("destination.update");
  });
});

describe("console plan sheets", () => {
  it("an import with bad rows gives a row report and changes nothing", { timeout: 60_000 }, async () => {
    const exported = await call(merchandiser, "GET", "/catalog/plans-sheet");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Plans")!;
    const header = sheet.getRow(1).values as string[];
    const rows: ExcelJS.Row[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) rows.push(r);
    });
    const byCode = (code: string) => rows.find((r) => r.getCell(header.indexOf("code")).value === code)!;
    byCode("JP-3GB-30D").getCell(header.indexOf("price_USD")).value = 5;
    byCode("TH-1GB-7D").getCell(header.indexOf("price_USD")).value = -3;
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await app.database.db
      .select()
      .from(planPrices)
      .where(eq(planPrices.platformProductCode, "JP-3GB-30D"));

    const upload = (dryRun: boolean) =>
      call(merchandiser, "POST", "/catalog/plans-sheet", {
        fileName: "plans.xlsx",
        contentBase64: bytes.toString("base64"),
        dryRun,
      });
    const report = await upload(false);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({
      applied: false,
      errors: [{ column: "price_USD", key: "consoleMerch.import.badPrice", value: "-3" }],
    });
    expect(report.json().changed).toEqual([
      expect.objectContaining({
        code: "JP-3GB-30D",
        changes: [expect.objectContaining({ field: "price_USD", after: 500 })],
      }),
    ]);
    expect(
      await app.database.db.select().from(planPrices).where(eq(planPrices.platformProductCode, "JP-3GB-30D")),
    ).toEqual(before);
    expect(await auditOf(app, "plan-sheet", "plans.xlsx")).toEqual([]);
  });

  it("refuses a file that is not an Excel workbook", async () => {
    const res = await call(merchandiser, "POST", "/catalog/plans-sheet", {
      fileName: "plans.xlsx",
      contentBase64: Buffer.from("<html>not a sheet</html>").toString("base64"),
      dryRun: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("consoleMerch.notExcel");
  });

  it("refuses a workbook that unpacks to a zip bomb, before reading it", async () => {
    const res = await call(merchandiser, "POST", "/catalog/plans-sheet", {
      fileName: "bomb.xlsx",
      contentBase64: makeXlsxBomb().toString("base64"),
      dryRun: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("consoleMerch.zipBomb");
  });
});

describe("console marketing", () => {
  it("creates a promo code checkout accepts, counts its use, and disabling it stops it", async () => {
    await pricePlan(app);
    const created = await call(merchandiser, "POST", "/marketing/coupons", {
      code: "spring10",
      marketingType: "PROMO_CODE",
      couponTypeCode: "REDUCTION",
      name: { en_US: "Spring", zh_CN: "春季", zh_HK: "春季" },
      description: { en_US: "HK$10 off", zh_CN: "减10港元", zh_HK: "減10港元" },
      resultReduction: 1000,
      reductionCurrency: "HKD",
      minimumSpendCurrency: "HKD",
      startTime: "2026-01-01T00:00:00Z",
      endTime: "2030-01-01T00:00:00Z",
      totalLimit: 5,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ code: "SPRING10", enabled: true });

    const who = await shopper(app);
    const order = await place(app, who, { promoCode: "SPRING10" });
    expect(order.statusCode).toBe(201);
    expect(order.json().total).toBe(5990 - 1000);
    const coupon = await call(merchandiser, "GET", "/marketing/coupons/SPRING10");
    expect(coupon.json().usage).toMatchObject({ used: 1 });

    const disabled = await call(merchandiser, "POST", "/marketing/coupons/SPRING10/enabled", {
      enabled: false,
    });
    expect(disabled.statusCode).toBe(200);
    const refused = await place(app, await shopper(app), { promoCode: "SPRING10" });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await auditOf(app, "coupon", "SPRING10")).map((r) => r.action)).toEqual([
      "coupon.create",
      "coupon.disable",
    ]);
  });

  it("refuses a coupon that ends before it starts and a duplicate code", async () => {
    const body = {
      code: "SPRING10",
      marketingType: "PROMO_CODE",
      couponTypeCode: "DISCOUNT",
      resultDiscount: "0.9",
      name: { en_US: "x", zh_CN: "x", zh_HK: "x" },
      description: { en_US: "x", zh_CN: "x", zh_HK: "x" },
      minimumSpendCurrency: "HKD",
      startTime: "2026-01-01T00:00:00Z",
      endTime: "2030-01-01T00:00:00Z",
    };
    expect((await call(merchandiser, "POST", "/marketing/coupons", body)).statusCode).toBe(409);
    const backwards = await call(merchandiser, "POST", "/marketing/coupons", {
      ...body,
      code: "BACKWARDS",
      endTime: "2025-01-01T00:00:00Z",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.endTime).toBe("consoleMerch.endBeforeStart");
  });

  it("sets hot words and refuses a specific word that leaves the store", async () => {
    const hot = await call(merchandiser, "PUT", "/marketing/words/hot", {
      lang: "en_US",
      words: ["Japan", "Europe"],
    });
    expect(hot.statusCode).toBe(200);
    const words = await app.server.inject({
      method: "GET",
      url: "/o2srh/v1/pub/hot-word",
      headers: { "x-lang": "en_US" },
    });
    expect(words.json().hotWordList).toEqual(["Japan", "Europe"]);
    const away = await call(merchandiser, "PUT", "/marketing/words/specific", {
      lang: "en_US",
      words: [{ specificWord: "deal", deeplink: "//evil.example/" }],
    });
    expect(away.statusCode).toBe(400);
  });
});

describe("console content", () => {
  it("saves the footer's contact ways and the store shows them at once", async () => {
    await app.services.pages.footer("en_US");
    const res = await call(merchandiser, "PUT", "/content/footer", {
      lang: "en_US",
      contactWaysTitle: "Talk to us",
      contactWays: [{ key: "E-mail", value: "help@roamly.test" }],
      contentList: ["Roamly Ltd."],
    });
    expect(res.statusCode).toBe(200);
    expect(await app.services.pages.footer("en_US")).toMatchObject({ contactWaysTitle: "Talk to us" });
    expect((await auditOf(app, "footer", "en_US"))[0]?.action).toBe("footer.save");
  });

  it("stores a help article's HTML sanitized", async () => {
    const res = await call(merchandiser, "PUT", "/content/help/console-test", {
      lang: "en_US",
      category: "buying",
      title: "Console test",
      summary: "A test",
      body: '<p>Hello<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).not.toMatch(/script|onerror/);
    const article = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/help/articles/console-test",
      headers: { "x-lang": "en_US" },
    });
    expect(article.json().title).toBe("Console test");
  });

  it("drafts a legal document and publishes it once", async () => {
    const draft = await call(merchandiser, "POST", "/content/legal", {
      kind: "refundPolicy",
      lang: "en_US",
      title: "Refunds",
      body: "<p>Unused eSIMs are refunded.</p>",
      effectiveAt: "2026-01-01T00:00:00Z",
    });
    expect(draft.statusCode).toBe(200);
    const id = draft.json().id as number;
    expect((await call(merchandiser, "POST", `/content/legal/${id}/publish`)).statusCode).toBe(200);
    expect((await call(merchandiser, "POST", `/content/legal/${id}/publish`)).statusCode).toBe(404);
    const view = await app.services.pages.legalDocument("refundPolicy", "en_US");
    expect(view.body).toContain("Unused eSIMs are refunded.");
    expect((await auditOf(app, "legal-document", String(id))).map((r) => r.action)).toEqual([
      "legal.draft",
      "legal.publish",
    ]);
  });
});
