import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../../db/client.ts";
import { planPrices, planSuppliers, plans } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { createPlanSheets, toMinor } from "./excel.ts";

// Excel export and import of plans and prices (ADR 0233). A sheet holds every seeded plan: reading and writing
// it takes seconds on a loaded machine, so these tests have a minute each.
const SLOW = { timeout: 60_000 };

const app = setupTestApp();
const sheets = createPlanSheets();
const db = () => app.database.db;

async function edit(
  bytes: Buffer,
  change: (sheet: ExcelJS.Worksheet, rowOf: (code: string) => ExcelJS.Row) => void,
) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Plans")!;
  const header = sheet.getRow(1).values as string[];
  const codeCol = header.indexOf("code");
  const rowOf = (code: string) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r) => {
      if (r.getCell(codeCol).value === code) found = r;
    });
    return found!;
  };
  change(sheet, rowOf);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const column = (sheet: ExcelJS.Worksheet, name: string) => (sheet.getRow(1).values as string[]).indexOf(name);

function run(bytes: Buffer, apply: boolean) {
  return db().transaction((tx) => sheets.importPlans(tx as unknown as Database, bytes, apply));
}

describe("plan sheets", () => {
  it("reads prices in major units with the currency's digits", () => {
    expect(toMinor("4.99", 2)).toBe(499);
    expect(toMinor("4.9900000000000002", 2)).toBe(499);
    expect(toMinor("680", 0)).toBe(680);
    expect(toMinor("4.995", 2)).toBeNull();
    expect(toMinor("-1", 2)).toBeNull();
    expect(toMinor("abc", 2)).toBeNull();
  });

  it("exports every plan, and an unchanged sheet imports as no change", SLOW, async () => {
    const bytes = await sheets.exportPlans(db());
    const report = await run(bytes, false);
    const [count] = await db()
      .$count(plans)
      .then((n) => [n]);
    expect(report.rows).toBe(count);
    expect(report.errors).toEqual([]);
    expect(report.changed).toEqual([]);
  });

  it(
    "a sheet with bad rows reports each one and changes nothing, even with good rows beside them",
    SLOW,
    async () => {
      const exported = await sheets.exportPlans(db());
      const bytes = await edit(exported, (sheet, rowOf) => {
        rowOf("JP-1GB-7D").getCell(column(sheet, "price_USD")).value = 7.5;
        rowOf("JP-3GB-30D").getCell(column(sheet, "status")).value = "SOLD_OUT";
        rowOf("KR-1GB-7D").getCell(column(sheet, "price_EUR")).value = "cheap";
        rowOf("KR-1GB-7D").getCell(column(sheet, "labels")).value = "NOT_A_LABEL";
        sheet.addRow({ code: "NO-SUCH-PLAN" }).getCell(column(sheet, "code")).value = "NO-SUCH-PLAN";
      });
      const before = await db()
        .select()
        .from(planPrices)
        .where(eq(planPrices.platformProductCode, "JP-1GB-7D"));
      const report = await run(bytes, true);
      expect(report.applied).toBe(false);
      const rowNumber = (code: string) => report.changed.find((c) => c.code === code)?.row;
      expect(report.errors.map(({ column, key, value }) => ({ column, key, value }))).toEqual(
        expect.arrayContaining([
          { column: "status", key: "consoleMerch.import.badStatus", value: "SOLD_OUT" },
          { column: "price_EUR", key: "consoleMerch.import.badPrice", value: "cheap" },
          { column: "labels", key: "consoleMerch.import.unknownLabel", value: "NOT_A_LABEL" },
          { column: "code", key: "consoleMerch.import.unknownPlan", value: "NO-SUCH-PLAN" },
        ]),
      );
      expect(report.errors.every((e) => e.row > 1)).toBe(true);
      // The good row is reported with what it would change, and nothing was written.
      expect(rowNumber("JP-1GB-7D")).toBeGreaterThan(1);
      expect(report.changed.find((c) => c.code === "JP-1GB-7D")?.changes).toContainEqual({
        field: "price_USD",
        before: before.find((p) => p.currencyCode === "USD")!.unitPrice,
        after: 750,
      });
      expect(
        await db().select().from(planPrices).where(eq(planPrices.platformProductCode, "JP-1GB-7D")),
      ).toEqual(before);
    },
  );

  it("a good sheet: the dry run shows the change, the import writes it", SLOW, async () => {
    const exported = await sheets.exportPlans(db());
    const bytes = await edit(exported, (sheet, rowOf) => {
      rowOf("JP-1GB-7D").getCell(column(sheet, "price_USD")).value = 7.5;
      rowOf("JP-1GB-7D").getCell(column(sheet, "original_USD")).value = 9;
      rowOf("JP-1GB-7D").getCell(column(sheet, "title_en_US")).value = "Japan 1GB 7 Days (spring)";
    });
    const dry = await run(bytes, false);
    expect(dry.errors).toEqual([]);
    expect(dry.changed).toHaveLength(1);
    expect(dry.applied).toBe(false);
    const done = await run(bytes, true);
    expect(done.applied).toBe(true);
    const [usd] = await db()
      .select()
      .from(planPrices)
      .where(eq(planPrices.platformProductCode, "JP-1GB-7D"))
      .then((rows) => rows.filter((r) => r.currencyCode === "USD"));
    expect(usd).toMatchObject({ unitPrice: 750, displayPrice: 900 });
    const [plan] = await db().select().from(plans).where(eq(plans.platformProductCode, "JP-1GB-7D"));
    expect(plan!.title.en_US).toBe("Japan 1GB 7 Days (spring)");
  });

  /** A new plan's row: every column of the JP-1GB-7D row, with another code, data and supplier package. */
  function newPlanRow(
    sheet: ExcelJS.Worksheet,
    rowOf: (code: string) => ExcelJS.Row,
    code: string,
    extra = {},
  ) {
    const model = rowOf("JP-1GB-7D");
    const values: Record<string, unknown> = {};
    (sheet.getRow(1).values as string[]).forEach((name, col) => {
      if (name) values[name] = model.getCell(col).value;
    });
    Object.assign(values, {
      code,
      dataMb: 2048,
      validityDays: 10,
      status: "",
      supplier: "sandbox",
      supplierPackage: `PKG-${code}`,
      title_en_US: "Japan 2GB 10 Days",
      ...extra,
    });
    const row = sheet.addRow([]);
    (sheet.getRow(1).values as string[]).forEach((name, col) => {
      if (name) row.getCell(col).value = values[name] as ExcelJS.CellValue;
    });
  }

  it(
    "a row with a new plan code creates the plan, unpublished; the dry run says it will create it",
    SLOW,
    async () => {
      const exported = await sheets.exportPlans(db());
      const bytes = await edit(exported, (sheet, rowOf) => {
        newPlanRow(sheet, rowOf, "JP-2GB-10D-NEW");
        newPlanRow(sheet, rowOf, "JP-4GB-10D-LIVE", { status: "ON_SHELF", dataMb: "unlimited" });
      });
      const dry = await run(bytes, false);
      expect(dry.errors).toEqual([]);
      expect(dry.applied).toBe(false);
      const creates = dry.changed.filter((c) => c.create);
      expect(creates.map((c) => c.code)).toEqual(["JP-2GB-10D-NEW", "JP-4GB-10D-LIVE"]);
      expect(creates[0]!.changes).toContainEqual({ field: "status", before: null, after: "DRAFT" });
      expect(await db().select().from(plans).where(eq(plans.platformProductCode, "JP-2GB-10D-NEW"))).toEqual(
        [],
      );

      const done = await run(bytes, true);
      expect(done.applied).toBe(true);
      const [made] = await db().select().from(plans).where(eq(plans.platformProductCode, "JP-2GB-10D-NEW"));
      expect(made).toMatchObject({ destinationCode: "JP", dataMb: 2048, validityDays: 10, status: "DRAFT" });
      expect(made!.title.en_US).toBe("Japan 2GB 10 Days");
      const [live] = await db().select().from(plans).where(eq(plans.platformProductCode, "JP-4GB-10D-LIVE"));
      expect(live).toMatchObject({ status: "ON_SHELF", unlimited: true, dataMb: null });
      expect(
        await db()
          .select()
          .from(planSuppliers)
          .where(eq(planSuppliers.platformProductCode, "JP-2GB-10D-NEW")),
      ).toEqual([
        expect.objectContaining({ supplier: "sandbox", packageCode: "PKG-JP-2GB-10D-NEW", rank: 0 }),
      ]);
      const prices = await db()
        .select()
        .from(planPrices)
        .where(eq(planPrices.platformProductCode, "JP-2GB-10D-NEW"));
      const model = await db()
        .select()
        .from(planPrices)
        .where(eq(planPrices.platformProductCode, "JP-1GB-7D"));
      expect(prices.length).toBe(model.length);
      // The same sheet again: the plans exist now, so nothing changes.
      const again = await run(bytes, false);
      expect(again.changed.filter((c) => c.create)).toEqual([]);
    },
  );

  it("a new plan's bad row is reported by column, and no row of the sheet is written", SLOW, async () => {
    const exported = await sheets.exportPlans(db());
    const bytes = await edit(exported, (sheet, rowOf) => {
      rowOf("JP-3GB-30D").getCell(column(sheet, "title_en_US")).value = "Japan 3GB (changed)";
      newPlanRow(sheet, rowOf, "XX-1GB-7D", { destination: "ATLANTIS", validityDays: 0, price_HKD: "" });
      newPlanRow(sheet, rowOf, "JP-TAKEN-PKG", { supplier: "nobody" });
      newPlanRow(sheet, rowOf, "JP-GOOD-NEW");
    });
    const report = await run(bytes, true);
    expect(report.applied).toBe(false);
    expect(report.errors.map(({ column, key }) => ({ column, key }))).toEqual(
      expect.arrayContaining([
        { column: "destination", key: "consoleMerch.import.unknownDestination" },
        { column: "validityDays", key: "consoleMerch.import.badValidity" },
        { column: "price_HKD", key: "consoleMerch.import.priceRequired" },
        { column: "supplier", key: "consoleMerch.import.badSupplier" },
      ]),
    );
    expect(await db().select().from(plans).where(eq(plans.platformProductCode, "JP-GOOD-NEW"))).toEqual([]);
    const [kept] = await db().select().from(plans).where(eq(plans.platformProductCode, "JP-3GB-30D"));
    expect(kept!.title.en_US).not.toBe("Japan 3GB (changed)");
  });

  it("refuses a file that is not a workbook as a whole", async () => {
    const report = await run(Buffer.from("PK\u0003\u0004 not really"), false);
    expect(report.errors).toEqual([
      { row: 0, column: null, key: "consoleMerch.import.noSheet", value: null },
    ]);
  });

  it(
    "refuses rows that put a plan on sale untranslated, or unmapped under a real supplier (ADR 0310)",
    SLOW,
    async () => {
      const codes = ["JP-5GB-30D", "JP-10GB-30D"];
      for (const code of codes)
        await db().update(plans).set({ status: "OFF_SHELF" }).where(eq(plans.platformProductCode, code));
      const exported = await sheets.exportPlans(db());
      const bytes = await edit(exported, (sheet, rowOf) => {
        const status = column(sheet, "status");
        for (const code of codes) rowOf(code).getCell(status).value = "ON_SHELF";
        const row = rowOf("JP-10GB-30D");
        row.getCell(column(sheet, "title_zh_HK")).value = row.getCell(column(sheet, "title_en_US")).value;
      });
      const report = await db().transaction((tx) =>
        sheets.importPlans(tx as unknown as Database, bytes, false, new Map(), ["airalo"]),
      );
      const keys = report.errors.map((e) => `${e.column}:${e.key}`);
      expect(keys).toContain("title_zh_HK:consoleMerch.import.untranslated");
      // Neither plan has a package at Airalo.
      expect(keys.filter((k) => k === "status:consoleMerch.import.unmapped")).toHaveLength(2);
      expect(report.changed).toEqual([]);
      // Without a real supplier (the sandbox fulfils unmapped plans), only the untranslated title is refused.
      const sandbox = await run(bytes, false);
      expect(sandbox.errors.map((e) => `${e.column}:${e.key}`)).toEqual([
        "title_zh_HK:consoleMerch.import.untranslated",
      ]);
      for (const code of codes)
        await db().update(plans).set({ status: "ON_SHELF" }).where(eq(plans.platformProductCode, code));
    },
  );
});
