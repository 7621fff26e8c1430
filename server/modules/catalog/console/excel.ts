import { asc, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { SUPPLIER_NAMES, type SupplierName } from "../../../../core/esim-supplier.ts";
import { isPlanCode } from "../../../../core/ids.ts";
import type { Database } from "../../../../db/client.ts";
import {
  currencies,
  destinations,
  PLAN_STATUSES,
  type PlanStatus,
  planCoverage,
  planLabels,
  planPrices,
  planSuppliers,
  plans,
} from "../../../../db/schema/index.ts";
import type { LocalizedText } from "../../../../db/schema/localized.ts";
import { ApiError } from "../../../http/errors.ts";
import { coverageRows, missingLanguages, type SupplierCatalogue } from "../supply/service.ts";

// Bulk export and import of plans and prices as Excel (issue 16; ADR 0233), with exceljs. One sheet, one row per
// plan: the columns an operator may change (status, labels, the titles, a price and a struck-through original per
// currency) and, for reference only, the plan's shape. The import reads the whole sheet, checks every row, and
// either reports what would change (dry run) or writes every change in the caller's one transaction; a sheet
// with any bad row changes nothing.

export const SHEET_NAME = "Plans";
const LOCALES = ["en_US", "zh_CN", "zh_HK"] as const;
/** Rows past this are refused: the store sells a few thousand plans, a sheet far longer is a mistake. */
export const MAX_IMPORT_ROWS = 20_000;

/** The plan sheet's columns before the price columns, in order. */
export const PLAN_SHEET_COLUMNS = [
  "code",
  "destination",
  "validityDays",
  "dataMb",
  "status",
  "labels",
  "title_en_US",
  "title_zh_CN",
  "title_zh_HK",
  "supplier",
  "supplierPackage",
] as const;

export type ImportErrorKey =
  | "consoleMerch.import.noSheet"
  | "consoleMerch.import.badHeader"
  | "consoleMerch.import.tooManyRows"
  | "consoleMerch.import.unknownPlan"
  | "consoleMerch.import.duplicatePlan"
  | "consoleMerch.import.badStatus"
  | "consoleMerch.import.untranslated"
  | "consoleMerch.import.unmapped"
  | "consoleMerch.import.unknownLabel"
  | "consoleMerch.import.badTitle"
  | "consoleMerch.import.badPrice"
  | "consoleMerch.import.originalNotAbove"
  | "consoleMerch.import.badPlanCode"
  | "consoleMerch.import.unknownDestination"
  | "consoleMerch.import.badValidity"
  | "consoleMerch.import.badData"
  | "consoleMerch.import.badSupplier"
  | "consoleMerch.import.packageTaken"
  | "consoleMerch.import.unknownPackage"
  | "consoleMerch.import.catalogueUnavailable"
  | "consoleMerch.import.priceRequired";

export interface ImportError {
  /** The sheet's row number (1 is the header); 0 for the sheet as a whole. */
  row: number;
  column: string | null;
  key: ImportErrorKey;
  value: string | null;
}

export interface FieldChange {
  field: string;
  before: string | number | null;
  after: string | number | null;
}

export interface RowChange {
  row: number;
  code: string;
  /** A plan the import makes (ADR 0239): every field is new. */
  create?: boolean;
  changes: FieldChange[];
}

export interface ImportReport {
  rows: number;
  changed: RowChange[];
  errors: ImportError[];
  applied: boolean;
}

/** What a row of an unknown plan code brings to make the plan (ADR 0239). */
interface NewPlan {
  destinationCode: string;
  validityDays: number;
  dataMb: number | null;
  supplier: SupplierName;
  packageCode: string;
}

/** A workbook read from an upload: its plan sheet, or null when the file is not a workbook with one. */
export type LoadedSheet = ExcelJS.Worksheet | null;

/** The suppliers' catalogues an import checks new plans' packages against (ADR 0280). */
export type ImportCatalogues = Map<SupplierName, SupplierCatalogue>;

const isSupplierName = (value: string): value is SupplierName =>
  (SUPPLIER_NAMES as readonly string[]).includes(value);

async function loadSheet(bytes: Buffer): Promise<LoadedSheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  return workbook.getWorksheet(SHEET_NAME) ?? workbook.worksheets[0] ?? null;
}

function headerOf(sheet: ExcelJS.Worksheet) {
  const header = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => header.set(cellText(cell.value).trim(), col));
  return header;
}

interface ParsedRow {
  row: number;
  code: string;
  create: NewPlan | null;
  status: PlanStatus;
  labelCodes: string[];
  title: LocalizedText;
  prices: Record<string, { unitPrice: number; displayPrice: number | null }>;
}

const priceColumn = (currency: string) => `price_${currency}`;
const originalColumn = (currency: string) => `original_${currency}`;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("text" in value) return String(value.text);
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if (value instanceof Date) return value.toISOString();
    return "";
  }
  return String(value);
}

/** A price in major units ("4.99", 4.99) to minor units; null when it is not a price with that many digits. */
export function toMinor(text: string, minorDigits: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}(\.\d+)?$/.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  // Excel may write 4.99 as 4.9900000000000002: digits past the currency's are only allowed when they round away.
  const minor = Math.round(Number(trimmed) * 10 ** minorDigits);
  if (fraction.length > minorDigits && Math.abs(minor - Number(trimmed) * 10 ** minorDigits) > 1e-6)
    return null;
  if (!Number.isSafeInteger(minor) || whole === undefined) return null;
  return minor;
}

const toMajor = (minor: number, minorDigits: number) => minor / 10 ** minorDigits;

export function createPlanSheets() {
  async function enabledCurrencies(db: Database) {
    return db
      .select({ code: currencies.code, minorDigits: currencies.minorDigits })
      .from(currencies)
      .where(eq(currencies.enabled, true))
      .orderBy(asc(currencies.sortOrder));
  }

  return {
    loadSheet,

    /**
     * The suppliers named by rows that would make a new plan (their code is not a plan yet): the import checks
     * those rows' packages against these suppliers' catalogues, read before its transaction (ADR 0280).
     */
    async newPlanSuppliers(db: Database, sheet: LoadedSheet): Promise<SupplierName[]> {
      if (!sheet) return [];
      const header = headerOf(sheet);
      const codeCol = header.get("code");
      const supplierCol = header.get("supplier");
      if (codeCol === undefined || supplierCol === undefined) return [];
      const named = new Map<string, string>();
      sheet.eachRow((r, row) => {
        if (row === 1) return;
        const supplier = cellText(r.getCell(supplierCol).value).trim();
        if (isSupplierName(supplier)) named.set(cellText(r.getCell(codeCol).value).trim(), supplier);
      });
      if (named.size === 0) return [];
      const known = new Set<string>();
      const codes = [...named.keys()];
      for (let i = 0; i < codes.length; i += 5_000) {
        const rows = await db
          .select({ code: plans.platformProductCode })
          .from(plans)
          .where(inArray(plans.platformProductCode, codes.slice(i, i + 5_000)));
        for (const r of rows) known.add(r.code);
      }
      return [
        ...new Set(
          [...named.entries()].filter(([code]) => !known.has(code)).map(([, s]) => s as SupplierName),
        ),
      ];
    },

    /** Every plan with its prices, as an .xlsx workbook. */
    async exportPlans(db: Database): Promise<Buffer> {
      const [rates, rows, prices, packages] = await Promise.all([
        enabledCurrencies(db),
        db
          .select()
          .from(plans)
          .orderBy(asc(plans.destinationCode), asc(plans.sortOrder), asc(plans.platformProductCode)),
        db.select().from(planPrices),
        db.select().from(planSuppliers).where(eq(planSuppliers.rank, 0)),
      ]);
      const firstChoice = new Map(packages.map((p) => [p.platformProductCode, p]));
      const byPlan = new Map<string, Map<string, (typeof prices)[number]>>();
      for (const p of prices) {
        if (!byPlan.has(p.platformProductCode)) byPlan.set(p.platformProductCode, new Map());
        byPlan.get(p.platformProductCode)!.set(p.currencyCode, p);
      }
      const workbook = new ExcelJS.Workbook();
      workbook.creator = "Roamly console";
      const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: "frozen", xSplit: 1, ySplit: 1 }] });
      const columns = [
        ...PLAN_SHEET_COLUMNS,
        ...rates.flatMap((c) => [priceColumn(c.code), originalColumn(c.code)]),
      ];
      sheet.columns = columns.map((header) => ({
        header,
        key: header,
        width: header.startsWith("title") ? 32 : 14,
      }));
      sheet.getRow(1).font = { bold: true };
      for (const plan of rows) {
        const planPrices = byPlan.get(plan.platformProductCode);
        const values: Record<string, string | number | null> = {
          code: plan.platformProductCode,
          destination: plan.destinationCode,
          validityDays: plan.validityDays,
          dataMb: plan.unlimited ? "unlimited" : plan.dataMb,
          status: plan.status,
          labels: plan.labelCodes.join(","),
          title_en_US: plan.title.en_US,
          title_zh_CN: plan.title.zh_CN,
          title_zh_HK: plan.title.zh_HK,
          supplier: firstChoice.get(plan.platformProductCode)?.supplier ?? null,
          supplierPackage: firstChoice.get(plan.platformProductCode)?.packageCode ?? null,
        };
        for (const c of rates) {
          const price = planPrices?.get(c.code);
          values[priceColumn(c.code)] = price ? toMajor(price.unitPrice, c.minorDigits) : null;
          values[originalColumn(c.code)] =
            price?.displayPrice != null ? toMajor(price.displayPrice, c.minorDigits) : null;
        }
        sheet.addRow(values);
      }
      return Buffer.from(await workbook.xlsx.writeBuffer());
    },

    /**
     * Reads a workbook and compares it with the catalogue. With apply, writes every change in `tx` when no row
     * has an error (the caller's transaction: nothing is half-applied).
     */
    async importPlans(
      tx: Database,
      source: Buffer | LoadedSheet,
      apply: boolean,
      catalogues: ImportCatalogues = new Map(),
      /**
       * The real suppliers a plan put on sale must be mapped to (`catalogueSync.realSuppliers()`; none: no
       * check). A row putting a plan on sale is also refused while a title is missing a language (ADR 0310).
       */
      realSuppliers: readonly string[] = [],
    ): Promise<ImportReport> {
      const report: ImportReport = { rows: 0, changed: [], errors: [], applied: false };
      const sheet = Buffer.isBuffer(source) ? await loadSheet(source) : source;
      if (!sheet) {
        report.errors.push({ row: 0, column: null, key: "consoleMerch.import.noSheet", value: null });
        return report;
      }
      const rates = await enabledCurrencies(tx);
      const header = headerOf(sheet);
      const missing = ["code", "status", "labels", "title_en_US", "title_zh_CN", "title_zh_HK"].filter(
        (h) => !header.has(h),
      );
      if (missing.length > 0) {
        for (const column of missing)
          report.errors.push({ row: 1, column, key: "consoleMerch.import.badHeader", value: null });
        return report;
      }
      if (sheet.actualRowCount - 1 > MAX_IMPORT_ROWS) {
        report.errors.push({ row: 0, column: null, key: "consoleMerch.import.tooManyRows", value: null });
        return report;
      }

      const parsed: ParsedRow[] = [];
      const seen = new Map<string, number>();
      const codes: string[] = [];
      sheet.eachRow((r, row) => {
        if (row > 1) codes.push(cellText(r.getCell(header.get("code")!).value).trim());
      });
      const [existing, existingPrices, labels, knownDestinations, takenPackages] = await Promise.all([
        codes.length ? tx.select().from(plans).where(inArray(plans.platformProductCode, codes)) : [],
        codes.length
          ? tx.select().from(planPrices).where(inArray(planPrices.platformProductCode, codes))
          : [],
        tx.select({ code: planLabels.labelCode }).from(planLabels),
        tx.select({ code: destinations.code }).from(destinations),
        tx
          .select({
            supplier: planSuppliers.supplier,
            packageCode: planSuppliers.packageCode,
            plan: planSuppliers.platformProductCode,
          })
          .from(planSuppliers),
      ]);
      const destinationCodes = new Set(knownDestinations.map((d) => d.code));
      const packageOwner = new Map(takenPackages.map((p) => [`${p.supplier}|${p.packageCode}`, p.plan]));
      const planByCode = new Map(existing.map((p) => [p.platformProductCode, p]));
      const knownLabels = new Set(labels.map((l) => l.code));

      sheet.eachRow((r, row) => {
        if (row === 1) return;
        const text = (column: string) => {
          const col = header.get(column);
          return col === undefined ? "" : cellText(r.getCell(col).value).trim();
        };
        const allEmpty = [...header.keys()].every((column) => text(column) === "");
        if (allEmpty) return;
        report.rows += 1;
        const error = (column: string | null, key: ImportErrorKey, value: string | null) =>
          report.errors.push({ row, column, key, value });
        const code = text("code");
        const plan = planByCode.get(code);
        const describesPlan = ["destination", "validityDays", "dataMb", "supplier", "supplierPackage"].some(
          (column) => text(column) !== "",
        );
        if (!plan && (!isPlanCode(code) || !describesPlan)) {
          error(
            "code",
            code && describesPlan ? "consoleMerch.import.badPlanCode" : "consoleMerch.import.unknownPlan",
            code || null,
          );
          return;
        }
        if (seen.has(code)) {
          error("code", "consoleMerch.import.duplicatePlan", code);
          return;
        }
        seen.set(code, row);
        let ok = true;
        // An unknown code with the shape of a plan makes a new plan (ADR 0239): it needs its destination, data,
        // validity, supplier package and a price in every currency; it stays unpublished unless the row says so.
        let create: NewPlan | null = null;
        if (!plan) {
          const destinationCode = text("destination");
          if (!destinationCodes.has(destinationCode)) {
            error("destination", "consoleMerch.import.unknownDestination", destinationCode || null);
            ok = false;
          }
          const validityText = text("validityDays");
          const validityDays = /^\d{1,3}$/.test(validityText) ? Number(validityText) : 0;
          if (validityDays < 1 || validityDays > 365) {
            error("validityDays", "consoleMerch.import.badValidity", validityText || null);
            ok = false;
          }
          const dataText = text("dataMb");
          const dataMb =
            dataText.toLowerCase() === "unlimited" ? null : /^\d{1,7}$/.test(dataText) ? Number(dataText) : 0;
          if (dataMb === 0) {
            error("dataMb", "consoleMerch.import.badData", dataText || null);
            ok = false;
          }
          const supplier = text("supplier");
          const packageCode = text("supplierPackage");
          // A supplier that keeps a catalogue must list the package: otherwise the next sync would take the
          // mapping away and unpublish the plan (ADR 0280). The sandbox keeps none: any package is taken.
          const catalogue = isSupplierName(supplier) ? catalogues.get(supplier) : undefined;
          if (!isSupplierName(supplier)) {
            error("supplier", "consoleMerch.import.badSupplier", supplier || null);
            ok = false;
          } else if (packageCode === "" || packageCode.length > 64) {
            error("supplierPackage", "consoleMerch.import.badSupplier", packageCode.slice(0, 64) || null);
            ok = false;
          } else if (catalogue === "unavailable") {
            error("supplierPackage", "consoleMerch.import.catalogueUnavailable", packageCode);
            ok = false;
          } else if (catalogue && !catalogue.has(packageCode)) {
            error("supplierPackage", "consoleMerch.import.unknownPackage", packageCode);
            ok = false;
          } else {
            const key = `${supplier}|${packageCode}`;
            if (packageOwner.has(key)) {
              error("supplierPackage", "consoleMerch.import.packageTaken", packageCode);
              ok = false;
            } else packageOwner.set(key, code);
          }
          create = { destinationCode, validityDays, dataMb, supplier: supplier as SupplierName, packageCode };
        }
        const status = (text("status") || (plan ? "" : "DRAFT")) as PlanStatus;
        if (!PLAN_STATUSES.includes(status)) {
          error("status", "consoleMerch.import.badStatus", status || null);
          ok = false;
        }
        const labelCodes = text("labels")
          .split(",")
          .map((l) => l.trim())
          .filter(Boolean);
        for (const label of labelCodes)
          if (!knownLabels.has(label)) {
            error("labels", "consoleMerch.import.unknownLabel", label);
            ok = false;
          }
        const title = {} as LocalizedText;
        for (const locale of LOCALES) {
          const value = text(`title_${locale}`);
          if (value === "" || value.length > 200) {
            error(`title_${locale}`, "consoleMerch.import.badTitle", value.slice(0, 200) || null);
            ok = false;
          }
          title[locale] = value;
        }
        const prices: ParsedRow["prices"] = {};
        for (const c of rates) {
          const priceText = text(priceColumn(c.code));
          const originalText = text(originalColumn(c.code));
          if (create && priceText === "") {
            error(priceColumn(c.code), "consoleMerch.import.priceRequired", null);
            ok = false;
            continue;
          }
          if (!header.has(priceColumn(c.code))) continue;
          if (priceText === "" && originalText === "") continue;
          const unitPrice = toMinor(priceText, c.minorDigits);
          if (unitPrice === null || unitPrice <= 0) {
            error(priceColumn(c.code), "consoleMerch.import.badPrice", priceText || null);
            ok = false;
            continue;
          }
          let displayPrice: number | null = null;
          if (originalText !== "") {
            displayPrice = toMinor(originalText, c.minorDigits);
            if (displayPrice === null) {
              error(originalColumn(c.code), "consoleMerch.import.badPrice", originalText);
              ok = false;
              continue;
            }
            if (displayPrice <= unitPrice) {
              error(originalColumn(c.code), "consoleMerch.import.originalNotAbove", originalText);
              ok = false;
              continue;
            }
          }
          prices[c.code] = { unitPrice, displayPrice };
        }
        // Going on sale (ADR 0310): the titles in every language, and a package at the store's real supplier.
        if (ok && status === "ON_SHELF" && plan?.status !== "ON_SHELF") {
          for (const lang of missingLanguages(title)) {
            error(`title_${lang}`, "consoleMerch.import.untranslated", title[lang] || null);
            ok = false;
          }
          const mapped = create
            ? [create.supplier as string]
            : takenPackages.filter((p) => p.plan === code).map((p) => p.supplier);
          if (realSuppliers.length > 0 && !mapped.some((s) => realSuppliers.includes(s))) {
            error("status", "consoleMerch.import.unmapped", status);
            ok = false;
          }
        }
        if (ok) parsed.push({ row, code, create, status, labelCodes, title, prices });
      });

      for (const item of parsed) {
        if (item.create) {
          const made = item.create;
          report.changed.push({
            row: item.row,
            code: item.code,
            create: true,
            changes: [
              { field: "destination", before: null, after: made.destinationCode },
              { field: "validityDays", before: null, after: made.validityDays },
              { field: "dataMb", before: null, after: made.dataMb ?? "unlimited" },
              { field: "supplier", before: null, after: `${made.supplier} ${made.packageCode}` },
              { field: "status", before: null, after: item.status },
              ...(item.labelCodes.length
                ? [{ field: "labels", before: null, after: item.labelCodes.join(",") }]
                : []),
              ...LOCALES.map((locale) => ({
                field: `title_${locale}`,
                before: null,
                after: item.title[locale],
              })),
              ...Object.entries(item.prices).flatMap(([currency, price]) => [
                { field: priceColumn(currency), before: null, after: price.unitPrice },
                ...(price.displayPrice === null
                  ? []
                  : [{ field: originalColumn(currency), before: null, after: price.displayPrice }]),
              ]),
            ],
          });
          continue;
        }
        const plan = planByCode.get(item.code)!;
        const changes: FieldChange[] = [];
        if (plan.status !== item.status)
          changes.push({ field: "status", before: plan.status, after: item.status });
        if (plan.labelCodes.join(",") !== item.labelCodes.join(","))
          changes.push({
            field: "labels",
            before: plan.labelCodes.join(","),
            after: item.labelCodes.join(","),
          });
        for (const locale of LOCALES)
          if (plan.title[locale] !== item.title[locale])
            changes.push({ field: `title_${locale}`, before: plan.title[locale], after: item.title[locale] });
        for (const [currency, price] of Object.entries(item.prices)) {
          const stored = existingPrices.find(
            (p) => p.platformProductCode === item.code && p.currencyCode === currency,
          );
          if (stored?.unitPrice !== price.unitPrice)
            changes.push({
              field: priceColumn(currency),
              before: stored?.unitPrice ?? null,
              after: price.unitPrice,
            });
          if ((stored?.displayPrice ?? null) !== price.displayPrice)
            changes.push({
              field: originalColumn(currency),
              before: stored?.displayPrice ?? null,
              after: price.displayPrice,
            });
        }
        if (changes.length > 0) report.changed.push({ row: item.row, code: item.code, changes });
      }
      if (!apply || report.errors.length > 0) return report;

      for (const change of report.changed) {
        const item = parsed.find((p) => p.row === change.row)!;
        if (item.create) {
          const made = item.create;
          // The supplier's package, when its catalogue lists it, gives the cost, the network and the coverage as
          // the sync would; otherwise the plan covers its destination (ADR 0280).
          const listed = catalogues.get(made.supplier);
          const pkg = listed instanceof Map ? listed.get(made.packageCode) : undefined;
          const inserted = await tx
            .insert(plans)
            .values({
              platformProductCode: item.code,
              destinationCode: made.destinationCode,
              title: item.title,
              dataMb: made.dataMb,
              unlimited: made.dataMb === null,
              validityDays: made.validityDays,
              labelCodes: item.labelCodes,
              status: item.status,
              ...(pkg?.operators.some((o) => o.network === "5G") ? { network: "5G" as const } : {}),
            })
            .onConflictDoNothing()
            .returning({ code: plans.platformProductCode, network: plans.network });
          // Made meanwhile by someone else (a sync, another import): nothing of this sheet is written.
          if (inserted.length === 0)
            throw new ApiError(409, "consoleMerch.import.planExists", { params: { code: item.code } });
          await tx.insert(planSuppliers).values({
            platformProductCode: item.code,
            supplier: made.supplier,
            packageCode: made.packageCode,
            rank: 0,
            costUsdCents: pkg?.costUsdCents ?? null,
            recommendedRetail: pkg?.recommendedRetail ?? null,
          });
          const coverage = pkg ? coverageRows(item.code, pkg, destinationCodes) : [];
          if (!coverage.some((c) => c.countryCode === made.destinationCode))
            coverage.push({
              platformProductCode: item.code,
              countryCode: made.destinationCode,
              operators: [],
              network: inserted[0]!.network,
            });
          await tx.insert(planCoverage).values(coverage);
          for (const [currencyCode, price] of Object.entries(item.prices))
            await tx.insert(planPrices).values({ platformProductCode: item.code, currencyCode, ...price });
          continue;
        }
        await tx
          .update(plans)
          .set({ status: item.status, labelCodes: item.labelCodes, title: item.title })
          .where(eq(plans.platformProductCode, item.code));
        for (const [currencyCode, price] of Object.entries(item.prices))
          await tx
            .insert(planPrices)
            .values({ platformProductCode: item.code, currencyCode, ...price })
            .onConflictDoUpdate({
              target: [planPrices.platformProductCode, planPrices.currencyCode],
              set: price,
            });
      }
      report.applied = true;
      return report;
    },
  };
}
export type PlanSheets = ReturnType<typeof createPlanSheets>;
