import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import { plans } from "./catalog.ts";
import type { LocalizedText } from "./localized.ts";
import { currencies } from "./site.ts";

/** A campaign (marketingCode); spec 4 campaign gate: showFlag false means "活动已结束". */
export const campaigns = pgTable("campaign", {
  marketingCode: varchar("marketing_code", { length: 48 }).primaryKey(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  showFlag: boolean("show_flag").notNull(),
  startTime: timestamp("start_time", { withTimezone: true }).notNull(),
  endTime: timestamp("end_time", { withTimezone: true }).notNull(),
});

/** The plans a campaign targets (spec 3 campaign target info). */
export const campaignTargets = pgTable(
  "campaign_target",
  {
    marketingCode: varchar("marketing_code", { length: 48 })
      .notNull()
      .references(() => campaigns.marketingCode, { onDelete: "cascade" }),
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.marketingCode, t.platformProductCode] })],
);

export const MARKETING_TYPES = ["COUPON", "PROMO_CODE"] as const;
export type MarketingType = (typeof MARKETING_TYPES)[number];
export const COUPON_TYPES = ["DISCOUNT", "REDUCTION"] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * spec 3 Coupon definition. A DISCOUNT pays resultDiscount of the price (0.85 shows as 8.5折, spec 5); a
 * REDUCTION takes resultReduction minor units of reductionCurrency off. Customer wallets live elsewhere.
 */
export const coupons = pgTable("coupon", {
  code: varchar("code", { length: 48 }).primaryKey(),
  marketingType: varchar("marketing_type", { length: 16 }).$type<MarketingType>().notNull(),
  couponTypeCode: varchar("coupon_type_code", { length: 16 }).$type<CouponType>().notNull(),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  description: jsonb("description").$type<LocalizedText>().notNull(),
  /** A fraction of the price to pay, exact decimal ("0.85"); null for reductions. */
  resultDiscount: numeric("result_discount", { precision: 4, scale: 3 }),
  resultReduction: integer("result_reduction"),
  reductionCurrency: varchar("reduction_currency", { length: 3 }).references(() => currencies.code),
  minimumSpend: integer("minimum_spend").notNull().default(0),
  minimumSpendCurrency: varchar("minimum_spend_currency", { length: 3 })
    .notNull()
    .references(() => currencies.code),
  startTime: timestamp("start_time", { withTimezone: true }).notNull(),
  endTime: timestamp("end_time", { withTimezone: true }).notNull(),
  /** How many can be issued in all; null = no limit. */
  totalLimit: integer("total_limit"),
  perCustomerLimit: integer("per_customer_limit").notNull().default(1),
  enabled: boolean("enabled").notNull().default(true),
  /**
   * Given to every new account in its registration transaction (issue 12, ADR 0252): the welcome coupon the
   * home page advertises. COUPON only; while it is enabled and running.
   */
  welcomeGift: boolean("welcome_gift").notNull().default(false),
  note: text("note"),
});
