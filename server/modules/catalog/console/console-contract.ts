import { z } from "zod";
import { DESTINATION_TYPES, PLAN_STATUSES } from "../../../../core/catalog-codes.ts";
import { SUPPLIER_NAMES } from "../../../../core/esim-supplier.ts";
import { planCode } from "../../../../core/ids.ts";
import { consoleContract } from "../../admin/contract.ts";

// The console's catalogue and pricing endpoints as contracts (issue 33 item 1, ADR 0407; issue 16, ADRs 0230-0231).

/** spec 9: uploads are at most 5242880 bytes. */
export const MAX_UPLOAD_BYTES = 5_242_880;

// The inputs, as the API validates them.
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
/**
 * A destination's changes. From a form (`form: true`, the console's page) every field is sent, so an empty field
 * clears it and an unchecked box is false; from JSON a field left out is left as it is. Aliases are a list, or text
 * separated by commas or lines; a flag's country code is upper-cased.
 */
export function destinationPatchSchema(side: { form: boolean }) {
  const cleared = (v: unknown) => (side.form && (v === undefined || v === "") ? null : v);
  return z
    .object({
      nameEn: z.string().trim().min(1, "validation.required").max(100, "validation.invalid").optional(),
      nameZhCn: z.string().trim().min(1, "validation.required").max(100, "validation.invalid").optional(),
      nameZhHk: z.string().trim().min(1, "validation.required").max(100, "validation.invalid").optional(),
      continentCode: z
        .preprocess(cleared, z.enum(["AS", "EU", "NA", "SA", "AF", "OC"]).nullable())
        .optional(),
      iso2: z
        .preprocess(
          (v) => cleared(typeof v === "string" ? v.trim().toUpperCase() : v),
          z
            .string()
            .regex(/^[A-Z]{2}$/, "validation.invalid")
            .nullable(),
        )
        .optional(),
      aliases: z
        .preprocess(
          (v) =>
            typeof v === "string"
              ? v
                  .split(/[,\n]/)
                  .map((a) => a.trim())
                  .filter(Boolean)
              : side.form && v === undefined
                ? []
                : v,
          z.array(z.string().trim().min(1).max(64)).max(50),
        )
        .optional(),
      enabled: side.form
        ? z.preprocess((v) => v === "on" || v === true || v === "true", z.boolean())
        : z.boolean().optional(),
      popularity: z
        .preprocess(
          (v) => (typeof v === "string" ? (v.trim() === "" ? 0 : Number(v.trim())) : v),
          z.number({ error: "validation.invalid" }).int("validation.invalid").min(0).max(1_000_000),
        )
        .optional(),
    })
    .refine((p) => Object.keys(p).length > 0, { message: "validation.required" });
}
const DestinationPatch = destinationPatchSchema({ form: false });

export const Rule = z
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
export const Rounding = z
  .object({ step: z.number().int().min(1).max(100_000), ending: z.number().int().min(0).max(99_999) })
  .refine((r) => r.ending < r.step || r.step === 1, {
    message: "consoleMerch.endingBelowStep",
    path: ["ending"],
  });
export const CurrencyMap = <T extends z.ZodType>(value: T) =>
  z
    .record(z.string().regex(/^[A-Z]{3}$/, "validation.invalid"), value)
    .refine((m) => Object.keys(m).length <= 20, {
      message: "validation.tooMany",
    });
export const Rate = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, "validation.invalid")
  .refine((r) => Number(r) > 0, { message: "validation.tooSmall" });
export const PricingChangeBody = z.object({
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

// What the pages read.
const LocalizedOut = z.object({ en_US: z.string(), zh_CN: z.string(), zh_HK: z.string() });
const PlanStatus = z.enum(PLAN_STATUSES);
const Price = z.object({
  currencyCode: z.string(),
  unitPrice: z.number(),
  displayPrice: z.number().nullable(),
});
const SupplierPackage = z.object({
  supplier: z.string(),
  packageCode: z.string(),
  rank: z.number(),
  costUsdCents: z.number().nullable(),
  /** Set while the supplier's catalogue does not list the package (ADR 0310). */
  pausedAt: z.string().nullable(),
});
/** Prices at or under the first-choice package's cost, in each price's currency. */
const CostWarning = z.object({ currencyCode: z.string(), unitPrice: z.number(), costMinor: z.number() });
const PlanFields = z.object({
  platformProductCode: z.string(),
  destinationCode: z.string(),
  title: LocalizedOut,
  status: PlanStatus,
  labelCodes: z.array(z.string()),
  sortOrder: z.number(),
  dataMb: z.number().nullable(),
  unlimited: z.boolean(),
  validityDays: z.number(),
  hotspot: z.boolean(),
});
export const PlanView = PlanFields.extend({
  prices: z.array(Price),
  suppliers: z.array(SupplierPackage),
  costWarnings: z.array(CostWarning),
});
export type PlanView = z.infer<typeof PlanView>;
export const DestinationView = z.object({
  code: z.string(),
  type: z.string(),
  iso2: z.string().nullable(),
  nameEn: z.string(),
  nameZhCn: z.string(),
  nameZhHk: z.string(),
  continentCode: z.string().nullable(),
  aliases: z.array(z.string()),
  enabled: z.boolean(),
  popularity: z.number(),
});
export type DestinationView = z.infer<typeof DestinationView>;

export const listPlans = consoleContract({
  method: "GET",
  path: "/catalog/plans",
  permission: "catalog.read",
  query: PlanQuery,
  response: z.object({ total: z.number(), rows: z.array(PlanFields.extend({ prices: z.array(Price) })) }),
});

export const labels = consoleContract({
  method: "GET",
  path: "/catalog/labels",
  permission: "catalog.read",
  response: z.object({
    labels: z.array(
      z.object({ labelCode: z.string(), name: z.object({ en_US: z.string(), zh_CN: z.string() }) }),
    ),
  }),
});

/** Plans on sale that no configured real supplier fulfils: every sale would be refunded (ADR 0310). */
export const unmapped = consoleContract({
  method: "GET",
  path: "/catalog/unmapped",
  permission: "catalog.read",
  response: z.object({
    suppliers: z.array(z.string()),
    plans: z.array(z.object({ platformProductCode: z.string(), destinationCode: z.string() })),
  }),
});

export const getPlan = consoleContract({
  method: "GET",
  path: "/catalog/plans/:code",
  permission: "catalog.read",
  params: CodeParam,
  response: PlanView,
});

export const updatePlan = consoleContract({
  method: "PATCH",
  path: "/catalog/plans/:code",
  permission: "catalog.write",
  params: CodeParam,
  body: PlanPatch,
  response: PlanFields,
});

export const setPrices = consoleContract({
  method: "PUT",
  path: "/catalog/plans/:code/prices",
  permission: "prices.write",
  params: CodeParam,
  body: PricesBody,
  response: z.object({ prices: z.array(Price), costWarnings: z.array(CostWarning) }),
});

export const setSuppliers = consoleContract({
  method: "PUT",
  path: "/catalog/plans/:code/suppliers",
  permission: "catalog.write",
  params: CodeParam,
  body: SuppliersBody,
  response: z.object({ suppliers: z.array(SupplierPackage) }),
});

export const listDestinations = consoleContract({
  method: "GET",
  path: "/catalog/destinations",
  permission: "catalog.read",
  query: DestinationQuery,
  response: z.object({ total: z.number(), rows: z.array(DestinationView) }),
});

export const getDestination = consoleContract({
  method: "GET",
  path: "/catalog/destinations/:code",
  permission: "catalog.read",
  params: DestinationParam,
  response: DestinationView,
});

export const updateDestination = consoleContract({
  method: "PATCH",
  path: "/catalog/destinations/:code",
  permission: "catalog.write",
  params: DestinationParam,
  body: DestinationPatch,
  response: DestinationView,
});

/** What a pricing change would do (the first 500 price changes; the counts cover all). */
export const PricingPreview = z.object({
  changes: z.array(
    z.object({
      platformProductCode: z.string(),
      currencyCode: z.string(),
      before: z.number().nullable(),
      after: z.number(),
    }),
  ),
  plans: z.number(),
  unpriced: z.number(),
  total: z.number(),
});
/** What saving a pricing change repriced. */
const Repriced = z.object({ plans: z.number(), total: z.number(), unpriced: z.number() });

export const previewPricing = consoleContract({
  method: "POST",
  path: "/pricing/preview",
  permission: "prices.write",
  unaudited: "a preview: the prices a change would give, nothing saved",
  body: PricingChangeBody,
  response: PricingPreview,
});

export const saveRule = consoleContract({
  method: "POST",
  path: "/pricing/rules",
  permission: "prices.write",
  body: Rule,
  response: Repriced,
});

export const deleteRule = consoleContract({
  method: "DELETE",
  path: "/pricing/rules/:id",
  permission: "prices.write",
  params: RuleIdParam,
  response: Repriced,
});

export const saveRoundings = consoleContract({
  method: "PUT",
  path: "/pricing/roundings",
  permission: "prices.write",
  body: z.object({ roundings: CurrencyMap(Rounding) }),
  response: Repriced,
});

export const saveRates = consoleContract({
  method: "PUT",
  path: "/pricing/rates",
  permission: "prices.write",
  body: z.object({ rates: CurrencyMap(Rate) }),
  response: Repriced,
});

/** The plans as an .xlsx workbook (ADR 0233): bytes, not JSON. */
export const exportPlansSheet = consoleContract({
  method: "GET",
  path: "/catalog/plans-sheet",
  permission: "catalog.read",
  response: z.unknown(),
});

/** A plan sheet's check (a dry run) or import: what changed per row and every bad row (ADR 0233). */
export const ImportReport = z.object({
  rows: z.number(),
  applied: z.boolean(),
  changed: z.array(
    z.object({
      row: z.number(),
      code: z.string(),
      create: z.boolean().optional(),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
  errors: z.array(
    z.object({
      row: z.number(),
      column: z.string().nullable(),
      key: z.string(),
      value: z.string().nullable(),
      message: z.string(),
    }),
  ),
});
export type ImportReport = z.infer<typeof ImportReport>;

export const importPlansSheet = consoleContract({
  method: "POST",
  path: "/catalog/plans-sheet",
  permission: "prices.write",
  bodyLimit: Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 64 * 1024,
  body: ImportBody,
  response: ImportReport,
});

export const CurrencyInfo = z.object({
  code: z.string(),
  rateFromBase: z.string(),
  minorDigits: z.number(),
  enabled: z.boolean(),
});
export type CurrencyInfo = z.infer<typeof CurrencyInfo>;

export const PriceRule = z.object({
  id: z.number(),
  destinationCode: z.string().nullable(),
  platformProductCode: z.string().nullable(),
  markupBp: z.number(),
  floorUsdCents: z.number(),
});

/** Price rules, roundings and FX rates (ADR 0231). */
export const pricing = consoleContract({
  method: "GET",
  path: "/pricing",
  permission: "catalog.read",
  response: z.object({
    rules: z.array(PriceRule),
    roundings: z.array(z.object({ currencyCode: z.string(), step: z.number(), ending: z.number() })),
    rates: z.array(CurrencyInfo),
  }),
});
