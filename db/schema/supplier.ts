import { integer, pgTable, primaryKey, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { plans } from "./catalog.ts";
import { orders } from "./orders.ts";

// Real eSIM suppliers (issue 13; ADRs 0195-0196): which supplier packages fulfil a plan, and the orders the store
// placed at asynchronous suppliers.

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
  },
  (t) => [primaryKey({ columns: [t.platformProductCode, t.supplier] })],
);

/**
 * One order unit's order at one supplier: PLACED (waiting for allocation, `reference` the supplier's order
 * number), ISSUED, or FAILED (the unit moved to the next supplier). Keyed by the order unit and supplier, so a
 * restarted job reads the order it placed instead of placing another.
 */
export const esimSupplierOrders = pgTable(
  "esim_supplier_order",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    unitIndex: integer("unit_index").notNull(),
    supplier: varchar("supplier", { length: 16 }).notNull(),
    status: varchar("status", { length: 8 }).$type<"PLACED" | "ISSUED" | "FAILED">().notNull(),
    reference: varchar("reference", { length: 64 }),
    /** How often allocation was polled (the backoff grows with it). */
    polls: integer("polls").notNull().default(0),
    failure: varchar("failure", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.unitIndex, t.supplier] })],
);
