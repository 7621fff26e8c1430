import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { plans } from "./catalog.ts";

export const REVIEW_STATUSES = ["VISIBLE", "HIDDEN"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A shopper's rating (1–5, spec 9) and short review of a plan, one per completed order (issue 12, ADR 0265).
 * Operators hide a review instead of deleting it; the reason stays for the audit.
 */
export const planReviews = pgTable(
  "plan_review",
  {
    id: serial("id").primaryKey(),
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode),
    /** The completed order the review is for: one review per order. */
    orderCode: varchar("order_code", { length: 32 }).notNull(),
    /** The reviewer; not a foreign key, so forgetting an account only clears it (ADR 0265). */
    customerId: uuid("customer_id"),
    rating: smallint("rating").notNull(),
    body: text("body").notNull().default(""),
    locale: varchar("locale", { length: 8 }).notNull(),
    status: varchar("status", { length: 12 }).$type<ReviewStatus>().notNull().default("VISIBLE"),
    hiddenReason: text("hidden_reason"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("plan_review_order_key").on(t.orderCode),
    index("plan_review_plan_idx").on(t.platformProductCode, t.status, t.createdAt),
    check("plan_review_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
