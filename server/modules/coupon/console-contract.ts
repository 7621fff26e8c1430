import { z } from "zod";
import { couponCode } from "../../../core/coupon-code.ts";
import { couponRulesSchema, newCouponSchema } from "../../../core/forms/coupon.ts";
import { isPlanCode, MARKETING_CODE_PATTERN, planCode } from "../../../core/ids.ts";
import { LOCAL_DATE_TIME, STORE_TIME_ZONE, zonedToInstant } from "../../../core/store-time.ts";
import { consoleContract } from "../admin/contract.ts";

// The console's marketing endpoints as contracts (issue 33 item 1, ADR 0407): coupons and promo codes, campaigns by
// marketingCode, hot and specific words (issue 16; ADR 0232). The pages' forms parse with these very body schemas
// through Conform, so a form's text shapes (a list typed one per line, codes separated by commas, a wall-clock time in
// the store's zone) are accepted beside the API's JSON ones.

const LANGS = ["en_US", "zh_CN", "zh_HK"] as const;
const Text = (max: number) => z.string().trim().min(1, "validation.required").max(max, "validation.invalid");
const Localized = (max: number) => z.object({ en_US: Text(max), zh_CN: Text(max), zh_HK: Text(max) });
const LocalizedOut = z.object({ en_US: z.string(), zh_CN: z.string(), zh_HK: z.string() });
const Lang = z.enum(LANGS);
const MarketingCode = z.string().trim().regex(MARKETING_CODE_PATTERN, "validation.invalid");

/** A time: an ISO instant with an offset, or a wall-clock time ("2026-12-01T09:30") in the store's zone. */
const Instant = z.string().transform((value, ctx) => {
  const text = value.trim();
  const parsed = LOCAL_DATE_TIME.test(text)
    ? zonedToInstant(text, STORE_TIME_ZONE)
    : z.iso.datetime({ offset: true }).safeParse(text).success
      ? new Date(text)
      : null;
  if (!parsed) {
    ctx.addIssue({ code: "custom", message: text === "" ? "validation.required" : "validation.invalid" });
    return z.NEVER;
  }
  return parsed;
});

/** A list as JSON, or as text typed one item per line (a form's textarea). */
const typedLines = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : value;

/** Codes as JSON, or as text separated by commas or spaces (a form's field), upper-cased. */
const typedCodes = (value: unknown) =>
  typeof value === "string"
    ? value
        .split(/[\s,]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean)
    : value;

/** A checkbox (present "on") or a JSON boolean. */
const Checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const Usage = z.object({ used: z.number(), issued: z.number(), customers: z.number() });
const Scope = z.object({ scopeType: z.enum(["PLAN", "DESTINATION"]), scopeCode: z.string() });

/** A coupon as the console reads it: its rules, scopes and usage (amounts in minor units, times as ISO instants). */
export const CouponView = z.object({
  code: z.string(),
  marketingType: z.enum(["COUPON", "PROMO_CODE"]),
  couponTypeCode: z.enum(["DISCOUNT", "REDUCTION"]),
  name: LocalizedOut,
  description: LocalizedOut,
  resultDiscount: z.string().nullable(),
  resultReduction: z.number().nullable(),
  reductionCurrency: z.string().nullable(),
  minimumSpend: z.number(),
  minimumSpendCurrency: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  totalLimit: z.number().nullable(),
  perCustomerLimit: z.number(),
  enabled: z.boolean(),
  welcomeGift: z.boolean(),
  note: z.string().nullable(),
  scopes: z.array(Scope),
  usage: Usage,
});
export type CouponView = z.infer<typeof CouponView>;
const CouponRow = CouponView.omit({ scopes: true });

export const ScopeOption = z.object({
  scopeType: z.enum(["PLAN", "DESTINATION"]),
  scopeCode: z.string(),
  name: LocalizedOut,
});
export type ScopeOption = z.infer<typeof ScopeOption>;

const CouponCodeParam = z.object({ code: couponCode() });
const COUPON_SIDE = { timeZone: STORE_TIME_ZONE, checkboxes: false };

export const listCoupons = consoleContract({
  method: "GET",
  path: "/marketing/coupons",
  permission: "marketing.read",
  query: z.object({
    q: z.string().trim().max(48).optional(),
    marketingType: z.enum(["COUPON", "PROMO_CODE"]).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    size: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ total: z.number(), rows: z.array(CouponRow) }),
});

/** The coupon form's plan and destination picker (issue 29 item 5): names in any language, or chosen codes. */
export const couponScopes = consoleContract({
  method: "GET",
  path: "/marketing/coupon-scopes",
  permission: "marketing.read",
  query: z.object({
    q: z.string().trim().max(60).optional(),
    codes: z
      .string()
      .max(2000)
      .optional()
      .transform((v) => (v ? v.split(",").filter(isPlanCode) : [])),
  }),
  response: z.object({ options: z.array(ScopeOption) }),
});

export const getCoupon = consoleContract({
  method: "GET",
  path: "/marketing/coupons/:code",
  permission: "marketing.read",
  params: CouponCodeParam,
  response: CouponView,
});

/** The coupon form's one schema (core/forms/coupon.ts, ADR 0360), in the API's JSON shape. */
export const createCoupon = consoleContract({
  method: "POST",
  path: "/marketing/coupons",
  permission: "marketing.write",
  body: newCouponSchema(COUPON_SIDE),
  response: CouponView,
});

export const updateCoupon = consoleContract({
  method: "PUT",
  path: "/marketing/coupons/:code",
  permission: "marketing.write",
  params: CouponCodeParam,
  body: couponRulesSchema(COUPON_SIDE),
  response: CouponView,
});

export const setCouponEnabled = consoleContract({
  method: "POST",
  path: "/marketing/coupons/:code/enabled",
  permission: "marketing.write",
  params: CouponCodeParam,
  body: z.object({ enabled: z.boolean() }),
  response: CouponView,
});

const Campaign = z.object({
  marketingCode: z.string(),
  name: LocalizedOut,
  showFlag: z.boolean(),
  startTime: z.string(),
  endTime: z.string(),
});
export const CampaignView = Campaign.extend({ targets: z.array(z.string()) });
export type CampaignView = z.infer<typeof CampaignView>;
const MarketingCodeParam = z.object({ code: MarketingCode });

export const listCampaigns = consoleContract({
  method: "GET",
  path: "/marketing/campaigns",
  permission: "marketing.read",
  response: z.object({ campaigns: z.array(Campaign) }),
});

export const getCampaign = consoleContract({
  method: "GET",
  path: "/marketing/campaigns/:code",
  permission: "marketing.read",
  params: MarketingCodeParam,
  response: CampaignView,
});

export const CampaignBody = z
  .object({
    name: Localized(100),
    showFlag: Checkbox,
    startTime: Instant,
    endTime: Instant,
    targets: z.preprocess(typedCodes, z.array(planCode()).max(200)).default([]),
  })
  .refine((c) => c.endTime > c.startTime, { message: "consoleMerch.endBeforeStart", path: ["endTime"] });

export const saveCampaign = consoleContract({
  method: "PUT",
  path: "/marketing/campaigns/:code",
  permission: "marketing.write",
  params: MarketingCodeParam,
  body: CampaignBody,
  response: CampaignView,
});

const SpecificWord = z.object({ specificWord: z.string(), deeplink: z.string() });

export const listWords = consoleContract({
  method: "GET",
  path: "/marketing/words",
  permission: "marketing.read",
  query: z.object({ lang: Lang.default("en_US") }),
  response: z.object({ hotWords: z.array(z.string()), specificWords: z.array(SpecificWord) }),
});

export const HotWordsBody = z.object({
  lang: Lang,
  words: z.preprocess(typedLines, z.array(Text(40)).max(10)),
});

export const setHotWords = consoleContract({
  method: "PUT",
  path: "/marketing/words/hot",
  permission: "marketing.write",
  body: HotWordsBody,
  response: z.object({ hotWords: z.array(z.string()) }),
});

/** Typed as "word => /path" lines in the form. */
const typedSpecificWords = (value: unknown) =>
  typeof value === "string"
    ? (typedLines(value) as string[]).map((line) => {
        const [specificWord = "", deeplink = ""] = line.split("=>").map((part) => part.trim());
        return { specificWord, deeplink };
      })
    : value;

export const SpecificWordsBody = z.object({
  lang: Lang,
  words: z.preprocess(
    typedSpecificWords,
    z
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
  ),
});

export const setSpecificWords = consoleContract({
  method: "PUT",
  path: "/marketing/words/specific",
  permission: "marketing.write",
  body: SpecificWordsBody,
  response: z.object({ specificWords: z.array(SpecificWord) }),
});
