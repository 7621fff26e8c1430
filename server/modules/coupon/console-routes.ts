import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import { planCode } from "../../../core/ids.ts";
import type { Database } from "../../../db/client.ts";
import { COUPON_TYPES, MARKETING_TYPES } from "../../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS } from "../../infra/cache.ts";
import type { Services } from "../../services.ts";
import { auditedChange } from "../admin/audit.ts";
import { adminRoute } from "../admin/route.ts";

// Marketing in the console (issue 16; ADR 0232): coupons and promo codes, campaigns by marketingCode, hot words
// and specific words. Every change and its audit record commit together.

const Text = (max: number) => z.string().trim().min(1).max(max);
const Localized = (max: number) => z.object({ en_US: Text(max), zh_CN: Text(max), zh_HK: Text(max) });
const Currency = z.string().regex(/^[A-Z]{3}$/, "validation.invalid");
const Instant = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const Lang = z.enum(["en_US", "zh_CN", "zh_HK"]);

const CouponRules = z
  .object({
    couponTypeCode: z.enum(COUPON_TYPES),
    name: Localized(100),
    description: Localized(500),
    /** DISCOUNT: the fraction paid, 0.50 to 0.99 ("0.85" shows as 8.5折). */
    resultDiscount: z
      .string()
      .regex(/^0\.\d{1,3}$/, "validation.invalid")
      .refine((d) => Number(d) >= 0.05 && Number(d) < 1, { message: "validation.invalid" })
      .nullable()
      .default(null),
    resultReduction: z.number().int().min(1).max(100_000_000).nullable().default(null),
    reductionCurrency: Currency.nullable().default(null),
    minimumSpend: z.number().int().min(0).max(100_000_000).default(0),
    minimumSpendCurrency: Currency,
    startTime: Instant,
    endTime: Instant,
    totalLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
    perCustomerLimit: z.number().int().min(1).max(1000).default(1),
    enabled: z.boolean().default(true),
    /** Given to every new account (issue 12, ADR 0252); COUPON only. */
    welcomeGift: z.boolean().default(false),
    note: z.string().trim().max(500).nullable().default(null),
    scopes: z
      .array(
        z.object({
          scopeType: z.enum(["PLAN", "DESTINATION"]),
          scopeCode: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9_-]{1,48}$/, "validation.invalid"),
        }),
      )
      .max(200)
      .default([]),
  })
  .refine((c) => c.endTime > c.startTime, { message: "consoleMerch.endBeforeStart", path: ["endTime"] })
  .refine((c) => c.couponTypeCode !== "DISCOUNT" || c.resultDiscount !== null, {
    message: "validation.required",
    path: ["resultDiscount"],
  })
  .refine(
    (c) => c.couponTypeCode !== "REDUCTION" || (c.resultReduction !== null && c.reductionCurrency !== null),
    {
      message: "validation.required",
      path: ["resultReduction"],
    },
  );
const NewCoupon = z.intersection(
  z.object({ code: couponCode(), marketingType: z.enum(MARKETING_TYPES) }),
  CouponRules,
);
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

export function consoleMarketingRoutes(app: FastifyInstance, services: Services) {
  const { merch } = services;
  const { db } = merch;
  const transaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((raw) => work(raw as unknown as Database));

  async function checkReferences(input: z.infer<typeof CouponRules>) {
    const known = new Set((await merch.rates.list(db)).map((c) => c.code));
    for (const currency of [input.minimumSpendCurrency, input.reductionCurrency])
      if (currency && !known.has(currency))
        throw new ApiError(400, "consoleMerch.unknownCurrency", { params: { currency } });
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
  function normalized<T extends z.infer<typeof CouponRules>>(input: T): T {
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
      await checkReferences(body);
      const created = await transaction((tx) =>
        auditedChange(tx, operator, { action: "coupon.create", entity: "coupon", entityId: body.code }, () =>
          merch.coupons.create(tx, normalized(body)),
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
      await checkReferences(body);
      const updated = await transaction((tx) =>
        auditedChange(
          tx,
          operator,
          { action: "coupon.update", entity: "coupon", entityId: params.code },
          () => merch.coupons.update(tx, params.code, normalized(body)),
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
