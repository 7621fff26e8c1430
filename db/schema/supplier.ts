import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { plans } from "./catalog.ts";
import { currencies } from "./site.ts";

// Real eSIM suppliers (issue 13; ADRs 0195-0196): which supplier packages fulfil a plan, the pricing rules and
// balances: the catalogue's supply side (the orders placed at suppliers are esim.ts).

/**
 * A supplier package that fulfils a plan. Rank 0 is the first choice, higher ranks the failover order. A plan
 * without rows is fulfilled by the default supplier with its product code.
 */
export const planSuppliers = pgTable(
  "plan_supplier",
  {
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode, { onDelete: "cascade" }),
    supplier: varchar("supplier", { length: 16 }).notNull(),
    packageCode: varchar("package_code", { length: 64 }).notNull(),
    rank: integer("rank").notNull().default(0),
    /**
     * What the package costs us, in US cents: refreshed by the catalogue sync, or entered by an operator for a
     * supplier without a catalogue feed (a contract price). Null: unknown, so price rules leave the plan's
     * prices as they were set by hand (ADR 0231).
     */
    costUsdCents: integer("cost_usd_cents"),
    /** The supplier's recommended retail prices per currency (minor units), taken as they are when given. */
    recommendedRetail: jsonb("recommended_retail").$type<Record<string, number>>(),
    /**
     * Set while the supplier's catalogue no longer lists the package (out of stock, withdrawn): the mapping is
     * kept, skipped when ordering, and resumes when the package is listed again (issue 28; ADR 0310).
     */
    pausedAt: timestamp("paused_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.platformProductCode, t.supplier] })],
);

/**
 * A markup rule (ADR 0197): our price = supplier cost × markupBp / 10,000, never under the floor. The most
 * specific rule wins: the plan's, else its destination's, else the default (both codes null).
 */
export const pricingRules = pgTable(
  "pricing_rule",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    destinationCode: varchar("destination_code", { length: 16 }),
    platformProductCode: varchar("platform_product_code", { length: 48 }),
    /** 10,000 = cost price; 18,000 = cost × 1.8. */
    markupBp: integer("markup_bp").notNull(),
    /** The lowest price, in US cents, before conversion and rounding. */
    floorUsdCents: integer("floor_usd_cents").notNull().default(0),
  },
  (t) => [
    uniqueIndex("pricing_rule_scope_key").on(
      sql`coalesce(${t.destinationCode}, '')`,
      sql`coalesce(${t.platformProductCode}, '')`,
    ),
  ],
);

/**
 * How prices end in a currency (ADR 0197): rounded up to the next amount that is `ending` above a multiple of
 * `step` (minor units): step 100, ending 99 gives x.99; step 100, ending 90 gives x.90; step 10, ending 0 gives
 * whole tens of yen.
 */
export const priceRoundings = pgTable("price_rounding", {
  currencyCode: varchar("currency_code", { length: 3 })
    .primaryKey()
    .references(() => currencies.code),
  step: integer("step").notNull(),
  ending: integer("ending").notNull(),
});

/**
 * The prepaid balance last read at each supplier (ADR 0198). Below the threshold the supplier is `low`: operators
 * are alerted once, and plans only that supplier fulfils are paused until the balance is back.
 */
export const supplierBalances = pgTable("supplier_balance", {
  supplier: varchar("supplier", { length: 16 }).primaryKey(),
  amountMinor: integer("amount_minor").notNull(),
  currency: varchar("currency", { length: 3 }).notNull(),
  /** Minor units of `currency`; set by operators (the settings give the first value). */
  thresholdMinor: integer("threshold_minor").notNull(),
  low: boolean("low").notNull().default(false),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every balance reading (ADR 0390): the 15-minute check and each reconciliation run add one. The reconciliation
 * compares the drop between the readings that bracket a day with what our books say the supplier charged and
 * credited between them.
 */
export const supplierBalanceReadings = pgTable(
  "supplier_balance_reading",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    supplier: varchar("supplier", { length: 16 }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("supplier_balance_reading_at_idx").on(t.supplier, t.takenAt)],
);

/** A plan taken off sale because its only supplier ran low (ADR 0198); put back when the balance recovers. */
export const supplierPausedPlans = pgTable("supplier_paused_plan", {
  platformProductCode: varchar("platform_product_code", { length: 48 })
    .primaryKey()
    .references(() => plans.platformProductCode, { onDelete: "cascade" }),
  supplier: varchar("supplier", { length: 16 }).notNull(),
  pausedAt: timestamp("paused_at", { withTimezone: true }).notNull().defaultNow(),
});
