import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";
import type { LocalizedText } from "./localized.ts";
import { currencies } from "./site.ts";

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

export const CUSTOMER_COUPON_STATUSES = ["AVAILABLE", "RESERVED", "USED"] as const;
export type CustomerCouponStatus = (typeof CUSTOMER_COUPON_STATUSES)[number];

/** A coupon a customer received (spec 7 receive; '领取成功'); "expired" is read from the coupon's endTime. */
export const customerCoupons = pgTable(
  "customer_coupon",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    couponCode: varchar("coupon_code", { length: 48 })
      .notNull()
      .references(() => coupons.code),
    status: varchar("status", { length: 12 }).$type<CustomerCouponStatus>().notNull().default("AVAILABLE"),
    orderId: uuid("order_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("customer_coupon_customer_idx").on(t.customerId, t.status)],
);

/**
 * Redemption counters (ADR 0105). usedCount counts orders holding the coupon (reserved or paid) and is only
 * changed by a conditional upsert inside the order transaction, so a limit of N admits exactly N orders.
 */
export const couponUsage = pgTable("coupon_usage", {
  couponCode: varchar("coupon_code", { length: 48 })
    .primaryKey()
    .references(() => coupons.code),
  usedCount: integer("used_count").notNull().default(0),
});

/** Per customer: coupons received (COUPON) or orders using the code (PROMO_CODE), against perCustomerLimit. */
export const couponCustomerUsage = pgTable(
  "coupon_customer_usage",
  {
    couponCode: varchar("coupon_code", { length: 48 })
      .notNull()
      .references(() => coupons.code),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.customerId] })],
);

/**
 * Where a coupon applies (ADR 0105): no rows means every plan; otherwise a plan must be listed itself or sit
 * in a listed destination.
 */
export const couponScopes = pgTable(
  "coupon_scope",
  {
    couponCode: varchar("coupon_code", { length: 48 })
      .notNull()
      .references(() => coupons.code, { onDelete: "cascade" }),
    /** PLAN | DESTINATION */
    scopeType: varchar("scope_type", { length: 12 }).notNull(),
    scopeCode: varchar("scope_code", { length: 48 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.scopeType, t.scopeCode] })],
);
