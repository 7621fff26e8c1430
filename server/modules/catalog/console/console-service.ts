import type { Locale } from "../../../../core/constants.ts";
import { translate } from "../../../../core/i18n/index.ts";
import type { Database } from "../../../../db/client.ts";
import { ApiError, notFound } from "../../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../../infra/cache.ts";
import { auditedChange, recordAudit } from "../../admin/audit.ts";
import { nothingChanged } from "../../admin/audit-scope.ts";
import type { ContractBody, ContractQuery } from "../../admin/contract.ts";
import type { ConsoleRates } from "../../site/console.ts";
import { pricesAtOrUnderCost } from "../supply/pricing.ts";
import type { CatalogueSync } from "../supply/service.ts";
import type { ConsoleCatalogue } from "./catalogue.ts";
import type * as api from "./console-contract.ts";
import type { PlanSheets } from "./excel.ts";
import type { ConsolePricing } from "./pricing.ts";
import { checkWorkbookUpload } from "./upload-check.ts";

// The console's catalogue, prices, FX rates and plan sheets as use cases (issue 33 item 1, ADR 0407; issue 16,
// ADRs 0230, 0231, 0233). Every change and its audit record commit in one transaction; once committed, the cached
// data and pages it touches, and only those, are dropped on every instance (ADRs 0176, 0282), so the store shows it
// on the next request. The console routes only validate, call and shape.

interface Operator {
  id: string;
}

export interface CatalogChanges {
  plansChanged(codes: string[], destinations?: string[], options?: { shelves?: boolean }): Promise<void>;
  destinationsChanged(codes: string[]): Promise<void>;
}

export interface CatalogConsoleDeps {
  db: Database;
  catalogue: ConsoleCatalogue;
  pricing: ConsolePricing;
  rates: ConsoleRates;
  sheets: PlanSheets;
  catalogueSync: CatalogueSync;
  changes: CatalogChanges;
  cache: Pick<SharedCache, "invalidate">;
}

export function createCatalogConsole(deps: CatalogConsoleDeps) {
  const { db, catalogue, pricing, rates, sheets, catalogueSync, changes, cache } = deps;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));

  /** The plan's prices at or under its first-choice package's cost (the console warns; ADR 0310). */
  async function costWarnings(
    prices: { currencyCode: string; unitPrice: number }[],
    suppliers: { costUsdCents: number | null }[],
  ) {
    const { rates: known } = await pricing.rules(db);
    return pricesAtOrUnderCost(prices, suppliers[0]?.costUsdCents, known);
  }

  async function checkScope(rule: ContractBody<typeof api.saveRule> | undefined) {
    if (rule?.platformProductCode && !(await catalogue.plan(db, rule.platformProductCode)))
      throw notFound("consoleMerch.planNotFound");
    if (rule?.destinationCode && !(await catalogue.destination(db, rule.destinationCode)))
      throw notFound("consoleMerch.destinationNotFound");
  }

  async function savePricing(
    operatorId: string,
    action: string,
    entityId: string,
    change: ContractBody<typeof api.previewPricing>,
  ) {
    const result = await transaction(async (tx) => {
      let rateChange: { before: unknown; after: unknown } | null = null;
      if (change.rates) {
        rateChange = await rates.setRates(tx, change.rates);
        if (!rateChange)
          throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency: "" } });
      }
      const rules = await pricing.save(tx, change);
      const repriced = await pricing.reprice(tx);
      await recordAudit(tx, {
        operatorId,
        action,
        entity: "pricing",
        entityId,
        before: { ...(change.rates ? { rates: rateChange?.before } : { rules: rules.before }) },
        after: {
          ...(change.rates
            ? { rates: rateChange?.after }
            : { rules: rules.after, roundings: change.roundings }),
          repriced: repriced.changes.slice(0, 200),
          repricedPlans: repriced.plans,
        },
      });
      return repriced;
    });
    // Rates change every currency-priced thing the store caches; rules and roundings, the prices of the plans they
    // repriced (a plan's or a destination's rule reprices only its plans; ADR 0282).
    if (change.rates) await cache.invalidate([CACHE_TAGS.currencies, CACHE_TAGS.catalog]);
    else
      await changes.plansChanged(
        result.changes.map((c) => c.platformProductCode),
        [],
        { shelves: false },
      );
    return { plans: result.plans, total: result.changes.length, unpriced: result.unpriced };
  }

  async function knownCurrency(codes: string[]) {
    const known = new Set((await rates.list(db)).map((c) => c.code));
    const unknown = codes.find((c) => !known.has(c));
    if (unknown) throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency: unknown } });
  }

  return {
    listPlans: (query: ContractQuery<typeof api.listPlans>) => catalogue.listPlans(db, query),

    labels: async () => ({ labels: await catalogue.labels(db) }),

    unmapped: () => catalogueSync.unmappedOnSale(),

    async plan(code: string) {
      const plan = await catalogue.plan(db, code);
      if (!plan) throw notFound("consoleMerch.planNotFound");
      return { ...plan, costWarnings: await costWarnings(plan.prices, plan.suppliers) };
    },

    async updatePlan(operator: Operator, code: string, body: ContractBody<typeof api.updatePlan>) {
      if (body.labelCodes) {
        const unknown = await catalogue.unknownLabels(db, body.labelCodes);
        if (unknown.length > 0)
          throw new ApiError(400, "consoleMerch.unknownLabel", { params: { label: unknown[0]! } });
      }
      const result = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          { action: "plan.update", entity: "plan", entityId: code, record: patched(body) },
          () => catalogue.updatePlan(tx, code, body, (plan) => catalogueSync.checkOnSale(tx, plan)),
        ),
      );
      if (!result) throw notFound("consoleMerch.planNotFound");
      await changes.plansChanged([code], [], {
        shelves: body.status !== undefined || body.sortOrder !== undefined,
      });
      return result;
    },

    async setPrices(operator: Operator, code: string, body: ContractBody<typeof api.setPrices>) {
      const enabled = new Set((await rates.list(db)).filter((c) => c.enabled).map((c) => c.code));
      const unknown = body.prices.find((p) => !enabled.has(p.currencyCode));
      if (unknown)
        throw new ApiError(400, "consoleMerch.unknownCurrency", {
          params: { currency: unknown.currencyCode },
        });
      const result = await transaction((tx) =>
        auditedChange(tx, operator, { action: "plan.prices.set", entity: "plan", entityId: code }, () =>
          catalogue.setPrices(tx, code, body.prices),
        ),
      );
      if (!result) throw notFound("consoleMerch.planNotFound");
      // A price moves no plan on or off a shelf (ADR 0289).
      await changes.plansChanged([code], [], { shelves: false });
      // Saved as set; a price at or under cost is named so the console can warn.
      const plan = await catalogue.plan(db, code);
      return { prices: result, costWarnings: await costWarnings(result, plan?.suppliers ?? []) };
    },

    async setSuppliers(operator: Operator, code: string, body: ContractBody<typeof api.setSuppliers>) {
      // A new or changed package code must be in its supplier's catalogue (read before the transaction); one
      // kept as it was is not re-checked (a paused mapping's package is not listed until it is back; ADR 0310).
      const current = (await catalogue.plan(db, code))?.suppliers ?? [];
      const changed = body.packages
        .map((p, index) => ({ ...p, index }))
        .filter((p) => !current.some((c) => c.supplier === p.supplier && c.packageCode === p.packageCode));
      const listed = await catalogueSync.checkPackages(changed);
      const packages = body.packages.map((p) => {
        const pkg = listed.get(p.supplier);
        return pkg
          ? {
              ...p,
              costUsdCents: p.costUsdCents ?? pkg.costUsdCents,
              recommendedRetail: pkg.recommendedRetail,
            }
          : p;
      });
      const result = await transaction((tx) =>
        auditedChange(tx, operator, { action: "plan.suppliers.set", entity: "plan", entityId: code }, () =>
          catalogue.setSuppliers(tx, code, packages),
        ),
      );
      if (!result) throw notFound("consoleMerch.planNotFound");
      // The store shows nothing of a plan's supplier packages; its prices follow them only through a reprice.
      return { suppliers: result };
    },

    listDestinations: (query: ContractQuery<typeof api.listDestinations>) =>
      catalogue.listDestinations(db, query),

    async destination(code: string) {
      const destination = await catalogue.destination(db, code);
      if (!destination) throw notFound("consoleMerch.destinationNotFound");
      return destination;
    },

    async updateDestination(
      operator: Operator,
      code: string,
      body: ContractBody<typeof api.updateDestination>,
    ) {
      const result = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          { action: "destination.update", entity: "destination", entityId: code, record: patched(body) },
          () => catalogue.updateDestination(tx, code, body),
        ),
      );
      if (!result) throw notFound("consoleMerch.destinationNotFound");
      // Search terms are rebuilt from the new names and aliases on the next search (services.ts).
      await changes.destinationsChanged([code]);
      return result;
    },

    // Prices: rules, roundings and FX rates, each previewed before it is saved (ADR 0231).

    pricing: () => pricing.rules(db),

    async previewPricing(body: ContractBody<typeof api.previewPricing>) {
      await checkScope(body.rule);
      const preview = await pricing.preview(db, body);
      // The first 500 price changes are listed; the counts cover all of them.
      return { ...preview, total: preview.changes.length, changes: preview.changes.slice(0, 500) };
    },

    async saveRule(operator: Operator, body: ContractBody<typeof api.saveRule>) {
      await checkScope(body);
      const scope = body.platformProductCode ?? body.destinationCode ?? "default";
      return savePricing(operator.id, "pricing.rule.save", scope, { rule: body });
    },

    async deleteRule(operator: Operator, id: number) {
      const rule = await pricing.ruleById(db, id);
      if (!rule) throw notFound("consoleMerch.ruleNotFound");
      const scope = rule.platformProductCode ?? rule.destinationCode ?? "default";
      return savePricing(operator.id, "pricing.rule.delete", scope, { deleteRuleId: id });
    },

    async saveRoundings(operator: Operator, body: ContractBody<typeof api.saveRoundings>) {
      await knownCurrency(Object.keys(body.roundings));
      return savePricing(operator.id, "pricing.rounding.save", Object.keys(body.roundings).join(","), {
        roundings: body.roundings,
      });
    },

    async saveRates(operator: Operator, body: ContractBody<typeof api.saveRates>) {
      await knownCurrency(Object.keys(body.rates));
      if (body.rates.HKD !== undefined && Number(body.rates.HKD) !== 1)
        throw new ApiError(400, "consoleMerch.baseRate");
      return savePricing(operator.id, "pricing.rates.save", "fx", { rates: body.rates });
    },

    // Plan sheets (ADR 0233).

    exportPlans: () => sheets.exportPlans(db),

    async importPlans(operator: Operator, body: ContractBody<typeof api.importPlansSheet>, locale: Locale) {
      const bytes = Buffer.from(body.contentBase64, "base64");
      await checkWorkbookUpload(bytes);
      // New plans' packages are checked against their suppliers' catalogues, read before the transaction (no
      // network call inside one; ADR 0280).
      const sheet = await sheets.loadSheet(bytes);
      const catalogues = await catalogueSync.catalogues(await sheets.newPlanSuppliers(db, sheet));
      const report = await transaction(async (tx) => {
        const result = await sheets.importPlans(
          tx,
          sheet,
          !body.dryRun,
          catalogues,
          catalogueSync.realSuppliers(),
        );
        if (result.applied && result.changed.length > 0)
          await recordAudit(tx, {
            operatorId: operator.id,
            action: "plan.sheet.import",
            entity: "plan-sheet",
            entityId: body.fileName,
            before: null,
            after: { rows: result.rows, changed: result.changed.slice(0, 500), total: result.changed.length },
          });
        return result;
      });
      if (report.applied && report.changed.length > 0)
        await changes.plansChanged(report.changed.map((row) => row.code));
      // A dry run, or a sheet that matches the catalogue, changes nothing.
      else nothingChanged();
      // Each row's problem in the operator's language, beside its key.
      const errors = report.errors.map((e) => ({ ...e, message: translate(locale, e.key) }));
      return { ...report, errors };
    },
  };
}

export type CatalogConsole = ReturnType<typeof createCatalogConsole>;

function pick<T extends object>(row: T, keys: string[]) {
  return Object.fromEntries(keys.map((k) => [k, (row as Record<string, unknown>)[k]]));
}

/** What the audit log keeps of a patch: only the fields it sent, before and after. */
function patched(patch: object) {
  const keys = Object.keys(patch);
  return (change: { before: object; after: object }) => ({
    before: pick(change.before, keys),
    after: pick(change.after, keys),
  });
}
