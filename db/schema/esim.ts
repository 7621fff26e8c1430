import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { EsimState, PackageState } from "../../core/esim.ts";
import type { SupplierCancelStatus } from "../../core/esim-supplier.ts";
import { customers } from "./accounts.ts";
import { plans } from "./catalog.ts";
import { orders } from "./orders.ts";

// eSIM delivery (issue 6; ADRs 0130-0134): the customer's eSIM profiles, the data packages on them and the
// orders the store placed at asynchronous suppliers. The sandbox supplier's state is in supplier-provider.ts.

/**
 * One eSIM profile issued to a customer (ADR 0130: READY → INSTALLED → ACTIVE → EXPIRED). The ICCID is the
 * SIM's identity at the supplier; the LPA parts are what a phone needs to download the profile.
 */
export const esims = pgTable(
  "esim",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    iccid: varchar("iccid", { length: 22 }).notNull(),
    /** Which supplier adapter issued it (sandbox, …). */
    supplier: varchar("supplier", { length: 16 }).notNull(),
    smdpAddress: varchar("smdp_address", { length: 255 }).notNull(),
    matchingId: varchar("matching_id", { length: 255 }).notNull(),
    confirmationCode: varchar("confirmation_code", { length: 32 }),
    apnName: varchar("apn_name", { length: 100 }).notNull(),
    apnUsername: varchar("apn_username", { length: 100 }),
    apnPassword: varchar("apn_password", { length: 100 }),
    state: varchar("state", { length: 12 }).$type<EsimState>().notNull().default("READY"),
    /** The order (and unit of it) the profile was issued for; one profile per paid unit. */
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    unitIndex: integer("unit_index").notNull(),
    installedAt: timestamp("installed_at", { withTimezone: true }),
    /** When the supplier last reported usage for it. */
    usageUpdatedAt: timestamp("usage_updated_at", { withTimezone: true }),
    /** When the store last asked the supplier for this eSIM's usage, answered or not (ADR 0309: per-eSIM limits). */
    usageReadAt: timestamp("usage_read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("esim_iccid_key").on(t.iccid),
    uniqueIndex("esim_order_unit_key").on(t.orderId, t.unitIndex),
    index("esim_customer_idx").on(t.customerId, t.createdAt),
    index("esim_live_idx").on(t.state).where(sql`${t.state} not in ('EXPIRED', 'CANCELLED')`),
  ],
);

/**
 * A data package on an eSIM: the plan it was issued with, or a top-up (ADR 0131: NOT_STARTED → ACTIVE →
 * USED_UP / EXPIRED). (orderId, unitIndex) is unique, so a retried provisioning job cannot add a second one.
 */
export const esimPackages = pgTable(
  "esim_package",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    esimId: uuid("esim_id")
      .notNull()
      .references(() => esims.id),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    unitIndex: integer("unit_index").notNull(),
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode),
    /** The supplier's id of the package (its usage feed reports by it). */
    supplierPackageId: varchar("supplier_package_id", { length: 64 }).notNull(),
    topUp: boolean("top_up").notNull().default(false),
    state: varchar("state", { length: 12 }).$type<PackageState>().notNull().default("NOT_STARTED"),
    /** null for an unlimited plan. */
    dataTotalMb: integer("data_total_mb"),
    dataUsedMb: integer("data_used_mb").notNull().default(0),
    validityDays: integer("validity_days").notNull(),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** The 80 % and expiry notices are sent once each (ADR 0133). */
    notifiedLowAt: timestamp("notified_low_at", { withTimezone: true }),
    notifiedExpiredAt: timestamp("notified_expired_at", { withTimezone: true }),
    /**
     * Withdrawing it at the supplier after its order failed (ADR 0151): null when never asked; PENDING until the
     * supplier answers; CANCELLED; REFUSED (already installed or started, the supplier still bills it); FAILED
     * (the supplier could not be reached within the retries). Operators follow up REFUSED and FAILED.
     */
    supplierCancel: varchar("supplier_cancel", { length: 12 }).$type<SupplierCancelStatus>(),
    /** The supplier's time of the cancellation, or when the store gave up or was refused. */
    supplierCancelAt: timestamp("supplier_cancel_at", { withTimezone: true }),
    /** Why it was refused or failed (the supplier's code). */
    supplierCancelNote: varchar("supplier_cancel_note", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("esim_package_order_unit_key").on(t.orderId, t.unitIndex),
    index("esim_package_cancel_idx")
      .on(t.supplierCancel)
      .where(sql`${t.supplierCancel} is not null and ${t.supplierCancel} <> 'CANCELLED'`),
    uniqueIndex("esim_package_supplier_key").on(t.supplierPackageId),
    index("esim_package_esim_idx").on(t.esimId, t.createdAt),
  ],
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
    /** ADR 0309: RETRY, PLACING, PLACED, UNSURE, REVIEW, ISSUED or FAILED (`SupplierOrderStatus`). */
    status: varchar("status", { length: 8 })
      .$type<"RETRY" | "PLACING" | "PLACED" | "UNSURE" | "REVIEW" | "ISSUED" | "FAILED">()
      .notNull(),
    reference: varchar("reference", { length: 64 }),
    /**
     * When the supplier first confirmed the order (PLACED or ISSUED): the moment its prepaid balance paid for it
     * (the balance reconciliation, ADR 0390). Null while it has not.
     */
    placedAt: timestamp("placed_at", { withTimezone: true }),
    /**
     * What the package cost us at that moment, in US cents (the plan's supplier mapping, or the top-up offer the
     * supplier listed); null when the store did not know it.
     */
    costUsdCents: integer("cost_usd_cents"),
    /** How often allocation was polled (the backoff grows with it). */
    polls: integer("polls").notNull().default(0),
    failure: varchar("failure", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.unitIndex, t.supplier] })],
);
