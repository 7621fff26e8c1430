import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SUPPLIER_NAMES } from "../../../../core/esim-supplier.ts";
import { translate } from "../../../../core/i18n/index.ts";
import { planCode } from "../../../../core/ids.ts";
import type { Database } from "../../../../db/client.ts";
import { DESTINATION_TYPES, PLAN_STATUSES } from "../../../../db/schema/index.ts";
import type { Merch } from "../../../console-merch.ts";
import { ApiError, notFound } from "../../../http/errors.ts";
import type { SharedCache } from "../../../infra/cache.ts";
import { CACHE_TAGS } from "../../../infra/cache.ts";
import { auditedChange, recordAudit } from "../../admin/audit.ts";
import { nothingChanged } from "../../admin/audit-scope.ts";
import { adminRoute } from "../../admin/route.ts";
import type { CatalogInvalidation } from "../cache-invalidation.ts";
import { pricesAtOrUnderCost } from "../supply/pricing.ts";
import type { CatalogueSync } from "../supply/service.ts";
import { checkWorkbookUpload, MAX_UPLOAD_BYTES } from "./upload-check.ts";

// The console's catalogue, prices, FX rates and plan sheets (issue 16; ADRs 0230, 0231, 0233). Every change and
// its audit record commit in one transaction; once committed, the cached data and pages it touches, and only
// those, are dropped on every instance (ADRs 0176, 0282), so the store shows it on the next request.

const Localized = z.object({
  en_US: z.string().trim().min(1).max(200),
  zh_CN: z.string().trim().min(1).max(200),
  zh_HK: z.string().trim().min(1).max(200),
});
const CodeParam = z.object({ code: planCode() });
const DestinationParam = z.object({ code: z.string().regex(/^[A-Z0-9-]{2,16}$/, "validation.invalid") });
const Paging = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
};
const PlanQuery = z.object({
  q: z.string().trim().max(48).optional(),
  destinationCode: z.string().trim().max(16).optional(),
  status: z.enum(PLAN_STATUSES).optional(),
  ...Paging,
});
const PlanPatch = z
  .object({
    title: Localized.optional(),
    status: z.enum(PLAN_STATUSES).optional(),
    labelCodes: z.array(z.string().trim().min(1).max(32)).max(10).optional(),
    sortOrder: z.number().int().min(-100_000).max(100_000).optional(),
    hotspot: z.boolean().optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: "validation.required" });
const Minor = z.number().int().min(0).max(100_000_000);
const PricesBody = z.object({
  prices: z
    .array(
      z
        .object({
          currencyCode: z.string().regex(/^[A-Z]{3}$/, "validation.invalid"),
          unitPrice: Minor.min(1),
          displayPrice: Minor.nullable().default(null),
        })
        .refine((p) => p.displayPrice === null || p.displayPrice > p.unitPrice, {
          message: "consoleMerch.originalNotAbove",
          path: ["displayPrice"],
        }),
    )
    .min(1)
    .max(20),
});
const SuppliersBody = z.object({
  packages: z
    .array(
      z.object({
        supplier: z.enum(SUPPLIER_NAMES),
        packageCode: z.string().trim().min(1).max(64),
        rank: z.number().int().min(0).max(20),
        costUsdCents: z.number().int().min(0).max(10_000_000).nullable().default(null),
      }),
    )
    .max(SUPPLIER_NAMES.length)
    .refine((list) => new Set(list.map((p) => p.supplier)).size === list.length, {
      message: "consoleMerch.supplierTwice",
    }),
});
const DestinationQuery = z.object({
  q: z.string().trim().max(64).optional(),
  type: z.enum(DESTINATION_TYPES).optional(),
  ...Paging,
});
const DestinationPatch = z
  .object({
    nameEn: z.string().trim().min(1).max(100).optional(),
    nameZhCn: z.string().trim().min(1).max(100).optional(),
    nameZhHk: z.string().trim().min(1).max(100).optional(),
    continentCode: z.enum(["AS", "EU", "NA", "SA", "AF", "OC"]).nullable().optional(),
    iso2: z
      .string()
      .regex(/^[A-Z]{2}$/, "validation.invalid")
      .nullable()
      .optional(),
    aliases: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
    enabled: z.boolean().optional(),
    popularity: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, { message: "validation.required" });

const Rule = z
  .object({
    destinationCode: z
      .string()
      .regex(/^[A-Z0-9-]{2,16}$/, "validation.invalid")
      .nullable()
      .default(null),
    platformProductCode: planCode().nullable().default(null),
    /** 10,000 = cost; at most cost × 10. */
    markupBp: z.number().int().min(10_000).max(100_000),
    floorUsdCents: z.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((r) => !(r.destinationCode && r.platformProductCode), {
    message: "consoleMerch.ruleOneScope",
    path: ["platformProductCode"],
  });
const Rounding = z
  .object({ step: z.number().int().min(1).max(100_000), ending: z.number().int().min(0).max(99_999) })
  .refine((r) => r.ending < r.step || r.step === 1, {
    message: "consoleMerch.endingBelowStep",
    path: ["ending"],
  });
const CurrencyMap = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string().regex(/^[A-Z]{3}$/, "validation.invalid"), value)
    .refine((m) => Object.keys(m).length <= 20, {
      message: "validation.tooMany",
    });
const Rate = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, "validation.invalid")
  .refine((r) => Number(r) > 0, { message: "validation.tooSmall" });
const PricingChangeBody = z.object({
  rule: Rule.optional(),
  deleteRuleId: z.number().int().min(1).optional(),
  rates: CurrencyMap(Rate).optional(),
  roundings: CurrencyMap(Rounding).optional(),
});
const RuleIdParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ImportBody = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** The .xlsx file, base64; at most MAX_UPLOAD_BYTES once decoded (spec 5, 9: 5 MB). */
  contentBase64: z
    .string()
    .max(Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "validation.invalid"),
  dryRun: z.boolean().default(true),
});

export function consoleCatalogRoutes(
  app: FastifyInstance,
  services: {
    cache: SharedCache;
    catalogChanges: CatalogInvalidation;
    catalogueSync: CatalogueSync;
    merch: Pick<Merch, "catalogue" | "db" | "pricing" | "rates" | "sheets">;
  },
) {
  const { merch } = services;
  const { db } = merch;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));
  /** After a commit: the store's cached data and pages showing these plans or destinations go, on every instance. */
  const changes = services.catalogChanges;

  adminRoute(app, {
    method: "GET",
    url: "/catalog/plans",
    permission: "catalog.read",
    schema: { querystring: PlanQuery },
    handler: async ({ query }) => merch.catalogue.listPlans(db, query),
  });

  adminRoute(app, {
    method: "GET",
    url: "/catalog/labels",
    permission: "catalog.read",
    handler: async () => ({ labels: await merch.catalogue.labels(db) }),
  });

  /** The plan's prices at or under its first-choice package's cost (the console warns; ADR 0310). */
  async function costWarnings(
    prices: { currencyCode: string; unitPrice: number }[],
    suppliers: { costUsdCents: number | null }[],
  ) {
    const { rates } = await merch.pricing.rules(db);
    return pricesAtOrUnderCost(prices, suppliers[0]?.costUsdCents, rates);
  }

  // Plans on sale that no configured real supplier fulfils: every sale would be refunded (ADR 0310).
  adminRoute(app, {
    method: "GET",
    url: "/catalog/unmapped",
    permission: "catalog.read",
    handler: async () => services.catalogueSync.unmappedOnSale(),
  });

  adminRoute(app, {
    method: "GET",
    url: "/catalog/plans/:code",
    permission: "catalog.read",
    schema: { params: CodeParam },
    handler: async ({ params }) => {
      const plan = await merch.catalogue.plan(db, params.code);
      if (!plan) throw notFound("consoleMerch.planNotFound");
      return { ...plan, costWarnings: await costWarnings(plan.prices, plan.suppliers) };
    },
  });

  adminRoute(app, {
    method: "PATCH",
    url: "/catalog/plans/:code",
    permission: "catalog.write",
    schema: { params: CodeParam, body: PlanPatch },
    handler: async ({ operator, params, body }) => {
      if (body.labelCodes) {
        const unknown = await merch.catalogue.unknownLabels(db, body.labelCodes);
        if (unknown.length > 0)
          throw new ApiError(400, "consoleMerch.unknownLabel", { params: { label: unknown[0]! } });
      }
      const result = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: "plan.update",
            entity: "plan",
            entityId: params.code,
            record: patched(body),
          },
          () =>
            merch.catalogue.updatePlan(tx, params.code, body, (plan) =>
              services.catalogueSync.checkOnSale(tx, plan),
            ),
        ),
      );
      if (!result) throw notFound("consoleMerch.planNotFound");
      await changes.plansChanged([params.code], [], {
        shelves: body.status !== undefined || body.sortOrder !== undefined,
      });
      return result;
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/catalog/plans/:code/prices",
    permission: "prices.write",
    schema: { params: CodeParam, body: PricesBody },
    handler: async ({ operator, params, body }) => {
      const enabled = new Set((await merch.rates.list(db)).filter((c) => c.enabled).map((c) => c.code));
      const unknown = body.prices.find((p) => !enabled.has(p.currencyCode));
      if (unknown)
        throw new ApiError(400, "consoleMerch.unknownCurrency", {
          params: { currency: unknown.currencyCode },
        });
      const result = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          { action: "plan.prices.set", entity: "plan", entityId: params.code },
          () => merch.catalogue.setPrices(tx, params.code, body.prices),
        ),
      );
      if (!result) throw notFound("consoleMerch.planNotFound");
      // A price moves no plan on or off a shelf (ADR 0289).
      await changes.plansChanged([params.code], [], { shelves: false });
      // Saved as set; a price at or under cost is named so the console can warn.
      const plan = await merch.catalogue.plan(db, params.code);
      return { prices: result, costWarnings: await costWarnings(result, plan?.suppliers ?? []) };
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/catalog/plans/:code/suppliers",
    permission: "catalog.write",
    schema: { params: CodeParam, body: SuppliersBody },
    handler: async ({ operator, params, body }) => {
      // A new or changed package code must be in its supplier's catalogue (read before the transaction); one
      // kept as it was is not re-checked (a paused mapping's package is not listed until it is back; ADR 0310).
      const current = (await merch.catalogue.plan(db, params.code))?.suppliers ?? [];
      const changed = body.packages
        .map((p, index) => ({ ...p, index }))
        .filter((p) => !current.some((c) => c.supplier === p.supplier && c.packageCode === p.packageCode));
      const listed = await services.catalogueSync.checkPackages(changed);
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
        auditedChange(
          tx,
          operator,
          { action: "plan.suppliers.set", entity: "plan", entityId: params.code },
          () => merch.catalogue.setSuppliers(tx, params.code, packages),
        ),
      );
      if (!result) throw notFound("consoleMerch.planNotFound");
      // The store shows nothing of a plan's supplier packages; its prices follow them only through a reprice.
      return { suppliers: result };
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/catalog/destinations",
    permission: "catalog.read",
    schema: { querystring: DestinationQuery },
    handler: async ({ query }) => merch.catalogue.listDestinations(db, query),
  });

  adminRoute(app, {
    method: "GET",
    url: "/catalog/destinations/:code",
    permission: "catalog.read",
    schema: { params: DestinationParam },
    handler: async ({ params }) => {
      const destination = await merch.catalogue.destination(db, params.code);
      if (!destination) throw notFound("consoleMerch.destinationNotFound");
      return destination;
    },
  });

  adminRoute(app, {
    method: "PATCH",
    url: "/catalog/destinations/:code",
    permission: "catalog.write",
    schema: { params: DestinationParam, body: DestinationPatch },
    handler: async ({ operator, params, body }) => {
      const result = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: "destination.update",
            entity: "destination",
            entityId: params.code,
            record: patched(body),
          },
          () => merch.catalogue.updateDestination(tx, params.code, body),
        ),
      );
      if (!result) throw notFound("consoleMerch.destinationNotFound");
      // Search terms are rebuilt from the new names and aliases on the next search (services.ts).
      await changes.destinationsChanged([params.code]);
      return result;
    },
  });

  // Prices: rules, roundings and FX rates, each previewed before it is saved (ADR 0231).

  adminRoute(app, {
    method: "GET",
    url: "/pricing",
    permission: "catalog.read",
    handler: async () => merch.pricing.rules(db),
  });

  adminRoute(app, {
    method: "POST",
    url: "/pricing/preview",
    permission: "prices.write",
    unaudited: "a preview: the prices a change would give, nothing saved",
    schema: { body: PricingChangeBody },
    handler: async ({ body }) => {
      await checkScope(body.rule);
      const preview = await merch.pricing.preview(db, body);
      // The first 500 price changes are listed; the counts cover all of them.
      return { ...preview, total: preview.changes.length, changes: preview.changes.slice(0, 500) };
    },
  });

  async function checkScope(rule: z.infer<typeof Rule> | undefined) {
    if (rule?.platformProductCode && !(await merch.catalogue.plan(db, rule.platformProductCode)))
      throw notFound("consoleMerch.planNotFound");
    if (rule?.destinationCode && !(await merch.catalogue.destination(db, rule.destinationCode)))
      throw notFound("consoleMerch.destinationNotFound");
  }

  async function savePricing(
    operatorId: string,
    action: string,
    entityId: string,
    change: z.infer<typeof PricingChangeBody>,
  ) {
    const result = await transaction(async (tx) => {
      let rates: { before: unknown; after: unknown } | null = null;
      if (change.rates) {
        rates = await merch.rates.setRates(tx, change.rates);
        if (!rates) throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency: "" } });
      }
      const rules = await merch.pricing.save(tx, change);
      const repriced = await merch.pricing.reprice(tx);
      await recordAudit(tx, {
        operatorId,
        action,
        entity: "pricing",
        entityId,
        before: { ...(change.rates ? { rates: rates?.before } : { rules: rules.before }) },
        after: {
          ...(change.rates ? { rates: rates?.after } : { rules: rules.after, roundings: change.roundings }),
          repriced: repriced.changes.slice(0, 200),
          repricedPlans: repriced.plans,
        },
      });
      return repriced;
    });
    // Rates change every currency-priced thing the store caches; rules and roundings, the prices of the plans they
    // repriced (a plan's or a destination's rule reprices only its plans; ADR 0282).
    if (change.rates) await services.cache.invalidate([CACHE_TAGS.currencies, CACHE_TAGS.catalog]);
    else
      await changes.plansChanged(
        result.changes.map((c) => c.platformProductCode),
        [],
        { shelves: false },
      );
    return { plans: result.plans, total: result.changes.length, unpriced: result.unpriced };
  }

  adminRoute(app, {
    method: "POST",
    url: "/pricing/rules",
    permission: "prices.write",
    schema: { body: Rule },
    handler: async ({ operator, body }) => {
      await checkScope(body);
      const scope = body.platformProductCode ?? body.destinationCode ?? "default";
      return savePricing(operator.id, "pricing.rule.save", scope, { rule: body });
    },
  });

  adminRoute(app, {
    method: "DELETE",
    url: "/pricing/rules/:id",
    permission: "prices.write",
    schema: { params: RuleIdParam },
    handler: async ({ operator, params }) => {
      const rule = await merch.pricing.ruleById(db, params.id);
      if (!rule) throw notFound("consoleMerch.ruleNotFound");
      const scope = rule.platformProductCode ?? rule.destinationCode ?? "default";
      return savePricing(operator.id, "pricing.rule.delete", scope, { deleteRuleId: params.id });
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/pricing/roundings",
    permission: "prices.write",
    schema: { body: z.object({ roundings: CurrencyMap(Rounding) }) },
    handler: async ({ operator, body }) => {
      const known = new Set((await merch.rates.list(db)).map((c) => c.code));
      const unknown = Object.keys(body.roundings).find((c) => !known.has(c));
      if (unknown) throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency: unknown } });
      return savePricing(operator.id, "pricing.rounding.save", Object.keys(body.roundings).join(","), {
        roundings: body.roundings,
      });
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/pricing/rates",
    permission: "prices.write",
    schema: { body: z.object({ rates: CurrencyMap(Rate) }) },
    handler: async ({ operator, body }) => {
      const known = new Set((await merch.rates.list(db)).map((c) => c.code));
      const unknown = Object.keys(body.rates).find((c) => !known.has(c));
      if (unknown) throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency: unknown } });
      if (body.rates.HKD !== undefined && Number(body.rates.HKD) !== 1)
        throw new ApiError(400, "consoleMerch.baseRate");
      return savePricing(operator.id, "pricing.rates.save", "fx", { rates: body.rates });
    },
  });

  // Plan sheets (ADR 0233).

  adminRoute(app, {
    method: "GET",
    url: "/catalog/plans-sheet",
    permission: "catalog.read",
    handler: async ({ reply }) => {
      const bytes = await merch.sheets.exportPlans(db);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", `attachment; filename="roamly-plans-${day}.xlsx"`);
      return bytes;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/catalog/plans-sheet",
    permission: "prices.write",
    bodyLimit: Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024,
    schema: { body: ImportBody },
    handler: async ({ request, operator, body }) => {
      const bytes = Buffer.from(body.contentBase64, "base64");
      await checkWorkbookUpload(bytes);
      // New plans' packages are checked against their suppliers' catalogues, read before the transaction (no
      // network call inside one; ADR 0280).
      const sheet = await merch.sheets.loadSheet(bytes);
      const catalogues = await services.catalogueSync.catalogues(
        await merch.sheets.newPlanSuppliers(db, sheet),
      );
      const report = await transaction(async (tx) => {
        const result = await merch.sheets.importPlans(
          tx,
          sheet,
          !body.dryRun,
          catalogues,
          services.catalogueSync.realSuppliers(),
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
      const errors = report.errors.map((e) => ({ ...e, message: translate(request.ctx.locale, e.key) }));
      return { ...report, errors };
    },
  });
}

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
