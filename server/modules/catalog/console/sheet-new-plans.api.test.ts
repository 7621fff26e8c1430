import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { currencies, planCoverage, planSuppliers, plans } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { standinForFile } from "../../../../test/standins.ts";
import { createOperator, operatorHeaders, type TestOperator } from "../../admin/admin-test-kit.ts";
import { PLAN_SHEET_COLUMNS } from "./excel.ts";

// New plans from the plan sheet (ADRs 0239, 0280): a package of a supplier that keeps a catalogue must be in it
// (else the hourly sync would take the plan's mapping away and unpublish it), and the plan gets its coverage.

const CREDENTIALS = { AIRALO_CLIENT_ID: "sheet-client", AIRALO_CLIENT_SECRET: "sheet-secret" };
const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({ ...CREDENTIALS, AIRALO_BASE_URL: standin.url }));
let merchandiser: TestOperator;

beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
});

interface NewRow {
  code: string;
  destination: string;
  supplier: string;
  supplierPackage: string;
}

/** A sheet with only new plans' rows (rows not in a sheet are left as they are). */
async function sheetOf(rows: NewRow[]) {
  const rates = await app.database.db.select().from(currencies).where(eq(currencies.enabled, true));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Plans");
  const columns = [...PLAN_SHEET_COLUMNS, ...rates.map((c) => `price_${c.code}`)];
  sheet.columns = columns.map((header) => ({ header, key: header }));
  for (const row of rows)
    sheet.addRow({
      ...row,
      validityDays: 30,
      dataMb: 3072,
      status: "",
      labels: "",
      title_en_US: `Plan ${row.code}`,
      title_zh_CN: `套餐 ${row.code}`,
      title_zh_HK: `套餐 ${row.code}`,
      ...Object.fromEntries(rates.map((c) => [`price_${c.code}`, c.minorDigits === 0 ? 900 : 9])),
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(bytes: Buffer, dryRun: boolean) {
  const res = await app.server.inject({
    method: "POST",
    url: "/o2adm/v1/catalog/plans-sheet",
    headers: await operatorHeaders(app, merchandiser),
    payload: { fileName: "new-plans.xlsx", contentBase64: bytes.toString("base64"), dryRun },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const planRow = async (code: string) =>
  (await app.database.db.select().from(plans).where(eq(plans.platformProductCode, code)))[0];
const coverageOf = (code: string) =>
  app.database.db.select().from(planCoverage).where(eq(planCoverage.platformProductCode, code));

describe("new plans from the plan sheet", () => {
  it("refuses a package the supplier's catalogue does not list, row by row, and writes nothing", async () => {
    const bytes = await sheetOf([
      {
        code: "JP-SHEET-3GB",
        destination: "JP",
        supplier: "airalo",
        supplierPackage: "moshi-moshi-30days-3gb",
      },
      { code: "JP-SHEET-GONE", destination: "JP", supplier: "airalo", supplierPackage: "no-such-package" },
    ]);
    const report = await upload(bytes, false);
    expect(report).toMatchObject({
      applied: false,
      errors: [
        {
          row: 3,
          column: "supplierPackage",
          key: "consoleMerch.import.unknownPackage",
          value: "no-such-package",
          message: "The supplier's catalogue has no package with this code",
        },
      ],
    });
    expect(await planRow("JP-SHEET-3GB")).toBeUndefined();
  });

  it("refuses a new plan's row when the supplier's catalogue cannot be read just now", async () => {
    await standin.control("fail-next", { route: "GET /v2/packages", code: 11 });
    const bytes = await sheetOf([
      {
        code: "JP-SHEET-3GB",
        destination: "JP",
        supplier: "airalo",
        supplierPackage: "moshi-moshi-30days-3gb",
      },
    ]);
    expect(await upload(bytes, false)).toMatchObject({
      applied: false,
      errors: [{ row: 2, column: "supplierPackage", key: "consoleMerch.import.catalogueUnavailable" }],
    });
    expect(await planRow("JP-SHEET-3GB")).toBeUndefined();
  });

  it("gives a new plan its package's coverage, or its destination, and the sync keeps the plan", async () => {
    const bytes = await sheetOf([
      {
        code: "JP-SHEET-3GB",
        destination: "JP",
        supplier: "airalo",
        supplierPackage: "moshi-moshi-30days-3gb",
      },
      { code: "TH-SHEET-3GB", destination: "TH", supplier: "sandbox", supplierPackage: "PKG-TH-SHEET-3GB" },
    ]);
    const check = await upload(bytes, true);
    expect(check).toMatchObject({ applied: false, errors: [] });
    expect(check.changed.map((c: { code: string; create: boolean }) => [c.code, c.create])).toEqual([
      ["JP-SHEET-3GB", true],
      ["TH-SHEET-3GB", true],
    ]);
    expect(await planRow("JP-SHEET-3GB")).toBeUndefined();

    expect(await upload(bytes, false)).toMatchObject({ applied: true, errors: [] });
    // The Airalo package's operators and network, as the sync writes them.
    expect(await coverageOf("JP-SHEET-3GB")).toEqual([
      expect.objectContaining({ countryCode: "JP", operators: ["SoftBank", "KDDI"], network: "5G" }),
    ]);
    expect(await planRow("JP-SHEET-3GB")).toMatchObject({ status: "DRAFT", network: "5G" });
    const [mapping] = await app.database.db
      .select()
      .from(planSuppliers)
      .where(eq(planSuppliers.platformProductCode, "JP-SHEET-3GB"));
    expect(mapping!.costUsdCents).toBeGreaterThan(0);
    // The sandbox keeps no catalogue: the plan covers its destination.
    expect(await coverageOf("TH-SHEET-3GB")).toEqual([
      expect.objectContaining({ countryCode: "TH", operators: [], network: "4G" }),
    ]);

    // The hourly sync finds the package: the plan keeps its mapping and stays a draft.
    const synced = await app.services.catalogueSync.sync("airalo");
    expect(synced.updated).toContain("JP-SHEET-3GB");
    expect(synced.unpublished).toEqual([]);
    expect(await planRow("JP-SHEET-3GB")).toMatchObject({ status: "DRAFT" });
    expect(
      await app.database.db
        .select()
        .from(planSuppliers)
        .where(eq(planSuppliers.platformProductCode, "JP-SHEET-3GB")),
    ).toEqual([expect.objectContaining({ supplier: "airalo", packageCode: "moshi-moshi-30days-3gb" })]);
  });
});
