import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import { type CouponRulesInput, couponRulesSchema, newCouponSchema } from "../../../core/forms/coupon.ts";
import { planCode } from "../../../core/ids.ts";
import { toMinorUnits } from "../../../core/money.ts";
import { STORE_TIME_ZONE } from "../../../core/store-time.ts";
import type { Database } from "../../../db/client.ts";
import { MARKETING_TYPES } from "../../../db/schema/index.ts";
import type { Merch } from "../../console-merch.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { CACHE_TAGS } from "../../infra/cache.ts";
import { auditedChange } from "../admin/audit.ts";
import { adminRoute } from "../admin/route.ts";

// Marketing in the console (issue 16; ADR 0232): coupons and promo codes, campaigns by marketingCode, hot words
// and specific words. Every change and its audit record commit together.

const Text = (max: number) => z.string().trim().min(1).max(max);
const Localized = (max: number) => z.object({ en_US: Text(max), zh_CN: Text(max), zh_HK: Text(max) });
const Instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const Lang = z.enum(["en_US", "zh_CN", "zh_HK"]);

// The coupon's fields and their rules are the console form's own schema (core/forms/coupon.ts, ADR 0360): a
// percentage off, amounts as typed, times in the store's zone; the older shapes (share paid, minor units, ISO
// instants) are still taken.
const COUPON_SIDE = { timeZone: STORE_TIME_ZONE, checkboxes: false };
const CouponRules = couponRulesSchema(COUPON_SIDE);
const NewCoupon = newCouponSchema(COUPON_SIDE);
const ScopeQuery = z.object({
  q: z.string().trim().max(60).optional(),
  codes: z
    .string()
    .max(2000)
    .optional()
    .transform((v) => (v ? v.split(",").filter((c) => /^[A-Za-z0-9_-]{1,48}$/.test(c)) : [])),
});
const CodeParam = z.object({ code: couponCode() });
const CouponQuery = z.object({
  q: z.string().trim().max(48).optional(),
  marketingType: z.enum(MARKETING_TYPES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
const MarketingCodeParam = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,48}$/, "validation.invalid"),
});
const CampaignBody = z
  .object({
    name: Localized(100),
    showFlag: z.boolean(),
    startTime: Instant,
    endTime: Instant,
    targets: z.array(planCode()).max(200).default([]),
  })
  .refine((c) => c.endTime > c.startTime, { message: "consoleMerch.endBeforeStart", path: ["endTime"] });
const LangQuery = z.object({ lang: Lang.default("en_US") });
const HotWordsBody = z.object({ lang: Lang, words: z.array(Text(40)).max(10) });
const SpecificWordsBody = z.object({
  lang: Lang,
  words: z
    .array(
      z.object({
        specificWord: Text(40),
        // A path on this store only: never an open redirect.
        deeplink: z
          .string()
          .trim()
          .max(300)
          .regex(/^\/(?!\/)[^\s\\]*$/, "consoleMerch.deeplinkLocal"),
      }),
    )
    .max(100),
});

export function consoleMarketingRoutes(
  app: FastifyInstance,
  services: {
    cache: SharedCache;
    merch: Pick<Merch, "campaigns" | "catalogue" | "coupons" | "db" | "rates" | "words">;
  },
) {
  const { merch } = services;
  const { db } = merch;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));

  /** The coupon as stored: amounts typed in major units converted with their currency's digits. */
  async function resolved<T extends CouponRulesInput>(input: T) {
    const digitsOf = await merch.rates.minorDigits(db);
    const known = new Set(digitsOf.keys());
    for (const currency of [input.minimumSpendCurrency, input.reductionCurrency])
      if (currency && !known.has(currency))
        throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency } });
    const digits = (code: string | null) => (code ? digitsOf.get(code) : undefined) ?? 2;
    const minor = (field: string, amount: string, currency: string | null) => {
      const value = toMinorUnits(amount, digits(currency));
      if (value === null || value > 100_000_000)
        throw new ApiError(400, "error.badRequest", { fields: { [field]: "consoleMerch.amountFormat" } });
      return value;
    };
    const { reductionAmount, minimumSpendAmount, ...rest } = input;
    const resultReduction =
      reductionAmount !== null
        ? minor("reductionAmount", reductionAmount, input.reductionCurrency)
        : rest.resultReduction;
    if (input.couponTypeCode === "REDUCTION" && (resultReduction === null || resultReduction < 1))
      throw new ApiError(400, "error.badRequest", {
        fields: { reductionAmount: "consoleMerch.amountFormat" },
      });
    const rules = {
      ...rest,
      resultReduction,
      minimumSpend:
        minimumSpendAmount !== null
          ? minor("minimumSpendAmount", minimumSpendAmount, input.minimumSpendCurrency)
          : (rest.minimumSpend ?? 0),
    };
    await checkReferences(rules);
    return rules;
  }

  async function checkReferences(input: {
    scopes: { scopeType: "PLAN" | "DESTINATION"; scopeCode: string }[];
  }) {
    for (const scope of input.scopes) {
      const exists =
        scope.scopeType === "PLAN"
          ? await merch.catalogue.plan(db, scope.scopeCode)
          : await merch.catalogue.destination(db, scope.scopeCode);
      if (!exists)
        throw new ApiError(400, "consoleMerch.unknownScope", { params: { code: scope.scopeCode } });
    }
  }

  /** Coupon fields the kind does not use are stored empty, so the rules read one way. */
  function normalized<T extends { couponTypeCode: string }>(input: T): T {
    return input.couponTypeCode === "DISCOUNT"
      ? { ...input, resultReduction: null, reductionCurrency: null }
      : { ...input, resultDiscount: null };
  }

  adminRoute(app, {
    method: "GET",
    url: "/marketing/coupons",
    permission: "marketing.read",
    schema: { querystring: CouponQuery },
    handler: async ({ query }) => merch.coupons.list(db, query),
  });

  // The coupon form's plan and destination picker (issue 29 item 5): names in any of the three languages, or
  // the chosen codes (to name them on an existing coupon).
  adminRoute(app, {
    method: "GET",
    url: "/marketing/coupon-scopes",
    permission: "marketing.read",
    schema: { querystring: ScopeQuery },
    handler: async ({ query }) => ({
      options: await merch.catalogue.scopeOptions(db, { q: query.q, codes: query.codes }),
    }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/marketing/coupons/:code",
    permission: "marketing.read",
    schema: { params: CodeParam },
    handler: async ({ params }) => {
      const coupon = await merch.coupons.get(db, params.code);
      if (!coupon) throw notFound("consoleMerch.couponNotFound");
      return coupon;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/marketing/coupons",
    permission: "marketing.write",
    schema: { body: NewCoupon },
    handler: async ({ operator, body }) => {
      const coupon = normalized(await resolved(body));
      const created = await transaction((tx) =>
        auditedChange(tx, operator, { action: "coupon.create", entity: "coupon", entityId: body.code }, () =>
          merch.coupons.create(tx, coupon),
        ),
      );
      if (!created) throw new ApiError(409, "consoleMerch.couponExists");
      // The pages' coupon blocks read definitions through the shared cache (ADR 0209): every instance drops them.
      await services.cache.invalidate([CACHE_TAGS.coupons]);
      return created;
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/marketing/coupons/:code",
    permission: "marketing.write",
    schema: { params: CodeParam, body: CouponRules },
    handler: async ({ operator, params, body }) => {
      const coupon = normalized(await resolved(body));
      const updated = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          { action: "coupon.update", entity: "coupon", entityId: params.code },
          () => merch.coupons.update(tx, params.code, coupon),
        ),
      );
      if (!updated) throw notFound("consoleMerch.couponNotFound");
      await services.cache.invalidate([CACHE_TAGS.coupons]);
      return updated;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/marketing/coupons/:code/enabled",
    permission: "marketing.write",
    schema: { params: CodeParam, body: z.object({ enabled: z.boolean() }) },
    handler: async ({ operator, params, body }) => {
      const updated = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: body.enabled ? "coupon.enable" : "coupon.disable",
            entity: "coupon",
            entityId: params.code,
            record: (change) => ({
              before: { enabled: change.before.enabled },
              after: { enabled: change.after?.enabled },
            }),
          },
          () => merch.coupons.setEnabled(tx, params.code, body.enabled),
        ),
      );
      if (!updated) throw notFound("consoleMerch.couponNotFound");
      await services.cache.invalidate([CACHE_TAGS.coupons]);
      return updated;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/marketing/campaigns",
    permission: "marketing.read",
    handler: async () => ({ campaigns: await merch.campaigns.list(db) }),
  });

  adminRoute(app, {
    method: "GET",
    url: "/marketing/campaigns/:code",
    permission: "marketing.read",
    schema: { params: MarketingCodeParam },
    handler: async ({ params }) => {
      const campaign = await merch.campaigns.get(db, params.code);
      if (!campaign) throw notFound("consoleMerch.campaignNotFound");
      return campaign;
    },
  });

  adminRoute(app, {
    method: "PUT",
    url: "/marketing/campaigns/:code",
    permission: "marketing.write",
    schema: { params: MarketingCodeParam, body: CampaignBody },
    handler: async ({ operator, params, body }) => {
      for (const target of body.targets)
        if (!(await merch.catalogue.plan(db, target)))
          throw new ApiError(400, "consoleMerch.unknownScope", { params: { code: target } });
      const saved = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          {
            action: (change) => (change.before ? "campaign.update" : "campaign.create"),
            entity: "campaign",
            entityId: params.code,
          },
          () => merch.campaigns.save(tx, { marketingCode: params.code, ...body }),
        ),
      );
      // The campaign page and its plan list are cached with the catalogue.
      await services.cache.invalidate([CACHE_TAGS.catalog]);
      return saved;
    },
  });

  adminRoute(app, {
    method: "GET",
    url: "/marketing/words",
    permission: "marketing.read",
    schema: { querystring: LangQuery },
    handler: async ({ query }) => merch.words.list(db, query.lang),
  });

  adminRoute(app, {
    method: "PUT",
    url: "/marketing/words/hot",
    permission: "marketing.write",
    schema: { body: HotWordsBody },
    handler: async ({ operator, body }) =>
      transaction(async (tx) => ({
        hotWords: await auditedChange(
          tx,
          operator,
          { action: "search.hot_words.set", entity: "hot-words", entityId: body.lang },
          () => merch.words.setHotWords(tx, body.lang, body.words),
        ),
      })),
  });

  adminRoute(app, {
    method: "PUT",
    url: "/marketing/words/specific",
    permission: "marketing.write",
    schema: { body: SpecificWordsBody },
    handler: async ({ operator, body }) =>
      transaction(async (tx) => ({
        specificWords: await auditedChange(
          tx,
          operator,
          { action: "search.specific_words.set", entity: "specific-words", entityId: body.lang },
          () => merch.words.setSpecificWords(tx, body.lang, body.words),
        ),
      })),
  });
}
