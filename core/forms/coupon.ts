import { z } from "zod";
import { COUPON_CODE_PATTERN, PLAN_CODE_PATTERN } from "../ids.ts";
import { LOCAL_DATE_TIME, zonedToInstant } from "../store-time.ts";

/*
 * The console's coupon form (issue 29 item 5, ADR 0360): one zod schema, read by the browser through Conform and by
 * the console API (`POST/PUT /o2adm/v1/marketing/coupons`). Field names are the API's; nested ones are dotted in
 * the form (`name.en_US`, `scopes[0].scopeCode`). What differs by side is a parameter (`CouponFormSide`).
 *
 * What an operator types, and what the API also still takes (so older callers keep working):
 * - a percentage off as a percentage: `percentOff` 15 means 15 % off; stored as the share paid `resultDiscount`
 *   "0.85", which shoppers see as "8.5折" (spec 5). `resultDiscount` itself is still accepted.
 * - amounts in major units as typed (`reductionAmount` "10", `minimumSpendAmount` "9.50"); the API converts them
 *   with the currency's digits. `resultReduction` and `minimumSpend` in minor units are still accepted.
 * - times as wall-clock times in the store's time zone ("2026-12-01T09:30"), or as ISO instants with an offset.
 * - a name in English (required), Chinese ones optional: shoppers reading another language see the English one.
 */

export const COUPON_REQUIRED = "validation.required";
export const COUPON_INVALID = "validation.invalid";
export const PERCENT_OFF_RANGE = "consoleMerch.percentOff";
export const AMOUNT_FORMAT = "consoleMerch.amountFormat";
export const COUPON_CODE_FORMAT = "consoleMerch.couponCodeFormat";
export const END_BEFORE_START = "consoleMerch.endBeforeStart";

export const COUPON_TYPE_CODES = ["DISCOUNT", "REDUCTION"] as const;
export const COUPON_MARKETING_TYPES = ["COUPON", "PROMO_CODE"] as const;

export interface CouponFormSide {
  /** The store's time zone: times without an offset are read in it. */
  timeZone: string;
  /** The browser form: an unchecked checkbox is absent, so absent means false there (the API's default is kept). */
  checkboxes: boolean;
}

const issue = (i: { input?: unknown }) =>
  i.input === undefined || i.input === null || i.input === "" ? COUPON_REQUIRED : COUPON_INVALID;

const absent = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** A required text of at most `max` characters. */
const requiredText = (max: number) =>
  z.string({ error: issue }).trim().min(1, COUPON_REQUIRED).max(max, COUPON_INVALID);
/** An optional text: absent or blank is "" (the shopper's language then falls back to English). */
const optionalText = (max: number) =>
  z
    .string({ error: issue })
    .trim()
    .max(max, COUPON_INVALID)
    .optional()
    .transform((v) => v ?? "");

const localized = (max: number, englishRequired: boolean) =>
  z.preprocess(
    (v) => v ?? {},
    z.object({
      en_US: englishRequired ? requiredText(max) : optionalText(max),
      zh_CN: optionalText(max),
      zh_HK: optionalText(max),
    }),
  );

const currency = () => z.string({ error: issue }).regex(/^[A-Z]{3}$/, COUPON_INVALID);

/** A whole number typed or sent: "" or absent is null. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (v) => (absent(v) ? null : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: COUPON_INVALID })
      .int(COUPON_INVALID)
      .min(min, COUPON_INVALID)
      .max(max, COUPON_INVALID)
      .nullable(),
  );

/** An amount in major units as typed ("10", "9.50"); null when absent. */
const majorAmount = () =>
  z.preprocess(
    (v) => (absent(v) ? null : typeof v === "number" ? String(v) : v),
    z
      .string({ error: AMOUNT_FORMAT })
      .trim()
      .regex(/^\d{1,9}(\.\d{1,4})?$/, AMOUNT_FORMAT)
      .nullable(),
  );

/** 15 → "0.85", 12.5 → "0.875": the share paid that spec 5 shows as 折. */
export function shareFromPercentOff(percent: number): string {
  const paid = 1000 - Math.round(percent * 10);
  return `0.${String(paid).padStart(3, "0")}`.replace(/0+$/, "");
}

/** "0.85" → 15: what an operator types for a stored share paid. */
export function percentOffFromShare(share: string | null | undefined): string {
  if (!share) return "";
  return String((1000 - Math.round(Number(share) * 1000)) / 10);
}

/** The share paid, "0.85" (ADR 0105's format): accepted as sent by older callers. */
const share = () =>
  z
    .string({ error: issue })
    .regex(/^0\.\d{1,3}$/, COUPON_INVALID)
    .refine((d) => Number(d) >= 0.05 && Number(d) < 1, COUPON_INVALID);

const percentOff = () =>
  z.preprocess(
    (v) => (absent(v) ? null : typeof v === "string" ? Number(v.trim()) : v),
    z
      .number({ error: PERCENT_OFF_RANGE })
      .min(1, PERCENT_OFF_RANGE)
      .max(95, PERCENT_OFF_RANGE)
      .refine((n) => Number.isInteger(n * 10), PERCENT_OFF_RANGE)
      .nullable(),
  );

/** A time: an ISO instant with an offset, or a wall-clock time in the store's zone. */
const instant = (timeZone: string) =>
  z.string({ error: issue }).transform((value, ctx) => {
    const text = value.trim();
    const parsed = LOCAL_DATE_TIME.test(text)
      ? zonedToInstant(text, timeZone)
      : z.iso.datetime({ offset: true }).safeParse(text).success
        ? new Date(text)
        : null;
    if (!parsed) {
      ctx.addIssue({ code: "custom", message: text === "" ? COUPON_REQUIRED : COUPON_INVALID });
      return z.NEVER;
    }
    return parsed;
  });

const flag = (side: CouponFormSide, fallback: boolean) =>
  side.checkboxes
    ? z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean())
    : z.boolean({ error: COUPON_INVALID }).default(fallback);

const scope = z.object({
  scopeType: z.enum(["PLAN", "DESTINATION"], { error: COUPON_INVALID }),
  scopeCode: z.string({ error: issue }).trim().regex(PLAN_CODE_PATTERN, COUPON_INVALID),
});

/** The rules of a coupon, new or edited (not its code and kind, which stay once made). */
export function couponRulesShape(side: CouponFormSide) {
  return {
    couponTypeCode: z.enum(COUPON_TYPE_CODES, { error: issue }),
    name: localized(100, true),
    description: localized(500, false),
    percentOff: percentOff().optional(),
    resultDiscount: share().nullable().optional(),
    reductionAmount: majorAmount().optional(),
    resultReduction: wholeNumber(1, 100_000_000).optional(),
    reductionCurrency: z.preprocess((v) => (absent(v) ? null : v), currency().nullable()).optional(),
    minimumSpendAmount: majorAmount().optional(),
    minimumSpend: wholeNumber(0, 100_000_000).optional(),
    minimumSpendCurrency: currency(),
    startTime: instant(side.timeZone),
    endTime: instant(side.timeZone),
    totalLimit: wholeNumber(1, 10_000_000).optional(),
    perCustomerLimit: wholeNumber(1, 1000).optional(),
    enabled: flag(side, true),
    /** Given to every new account (issue 12, ADR 0252); COUPON only. */
    welcomeGift: flag(side, false),
    note: z
      .preprocess((v) => (absent(v) ? null : v), z.string().trim().max(500, COUPON_INVALID).nullable())
      .optional(),
    scopes: z.array(scope).max(200, COUPON_INVALID).default([]),
  };
}

const ALWAYS = { when: () => true };

type Rules = z.infer<z.ZodObject<ReturnType<typeof couponRulesShape>>>;

/**
 * The checks across fields, each under the field it concerns. They run even when another field failed (`when`),
 * so an empty submit shows every required error at once; a field that failed may hold its raw input here.
 */
function crossChecks(value: Rules, ctx: z.RefinementCtx) {
  if (value.startTime instanceof Date && value.endTime instanceof Date && value.endTime <= value.startTime)
    ctx.addIssue({ code: "custom", message: END_BEFORE_START, path: ["endTime"] });
  if (value.couponTypeCode === "DISCOUNT" && value.percentOff == null && value.resultDiscount == null)
    ctx.addIssue({ code: "custom", message: COUPON_REQUIRED, path: ["percentOff"] });
  if (value.couponTypeCode === "REDUCTION") {
    if (value.reductionAmount == null && value.resultReduction == null)
      ctx.addIssue({ code: "custom", message: COUPON_REQUIRED, path: ["reductionAmount"] });
    if (value.reductionCurrency == null)
      ctx.addIssue({ code: "custom", message: COUPON_REQUIRED, path: ["reductionCurrency"] });
  }
}

/** What the schema gives: the share paid worked out; amounts still as sent (the API converts major ones). */
function settled(value: Rules) {
  const { percentOff: percent, resultDiscount, ...rest } = value;
  return {
    ...rest,
    resultDiscount: percent != null ? shareFromPercentOff(percent) : (resultDiscount ?? null),
    reductionAmount: value.reductionAmount ?? null,
    resultReduction: value.resultReduction ?? null,
    reductionCurrency: value.reductionCurrency ?? null,
    minimumSpendAmount: value.minimumSpendAmount ?? null,
    minimumSpend: value.minimumSpend ?? null,
    totalLimit: value.totalLimit ?? null,
    perCustomerLimit: value.perCustomerLimit ?? 1,
    note: value.note ?? null,
  };
}

/** An edit of an existing coupon. */
export function couponRulesSchema(side: CouponFormSide) {
  return z.object(couponRulesShape(side)).superRefine(crossChecks, ALWAYS).transform(settled);
}

/** A new coupon or promo code: its code and kind, and its rules. */
export function newCouponSchema(side: CouponFormSide) {
  return z
    .object({
      code: z
        .string({ error: issue })
        .trim()
        .min(1, COUPON_REQUIRED)
        .regex(COUPON_CODE_PATTERN, COUPON_CODE_FORMAT)
        .transform((code) => code.toUpperCase()),
      marketingType: z.enum(COUPON_MARKETING_TYPES, { error: issue }),
      ...couponRulesShape(side),
    })
    .superRefine(crossChecks, ALWAYS)
    .transform((value) => ({ ...settled(value), code: value.code, marketingType: value.marketingType }));
}

export type CouponRulesInput = z.output<ReturnType<typeof couponRulesSchema>>;
