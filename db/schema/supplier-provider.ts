import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { PackageState } from "../../core/esim.ts";
import type { SupplierProfileState } from "../../core/esim-supplier.ts";

/**
 * The sandbox supplier's profiles (ADR 0132): kept in the database so they survive restarts and every
 * instance sees the same supplier. RELEASED (downloadable) → INSTALLED (downloaded to a phone) or CANCELLED
 * (only while not installed, ADR 0150).
 */
export const sandboxSupplierProfiles = pgTable("sandbox_supplier_profile", {
  iccid: varchar("iccid", { length: 22 }).primaryKey(),
  smdpAddress: varchar("smdp_address", { length: 255 }).notNull(),
  matchingId: varchar("matching_id", { length: 255 }).notNull(),
  confirmationCode: varchar("confirmation_code", { length: 32 }),
  state: varchar("state", { length: 12 }).$type<SupplierProfileState>().notNull().default("RELEASED"),
  installedAt: timestamp("installed_at", { withTimezone: true }),
  cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox supplier's packages. The idempotency key the store sends (one per order unit) is unique, so a
 * repeated call answers with the package (and profile) it created the first time.
 */
export const sandboxSupplierPackages = pgTable(
  "sandbox_supplier_package",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    iccid: varchar("iccid", { length: 22 })
      .notNull()
      .references(() => sandboxSupplierProfiles.iccid),
    idempotencyKey: varchar("idempotency_key", { length: 128 }).notNull(),
    productCode: varchar("product_code", { length: 48 }).notNull(),
    dataTotalMb: integer("data_total_mb"),
    validityDays: integer("validity_days").notNull(),
    state: varchar("state", { length: 12 }).$type<PackageState>().notNull().default("NOT_STARTED"),
    usedMb: integer("used_mb").notNull().default(0),
    /** Set through the sandbox tools: usage stays where it was put instead of growing over time. */
    pinned: boolean("pinned").notNull().default(false),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Up to when consumption was simulated. */
    simulatedTo: timestamp("simulated_to", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_supplier_package_idem_key").on(t.idempotencyKey),
    index("sandbox_supplier_package_iccid_idx").on(t.iccid, t.createdAt),
  ],
);

/**
 * One supplier request window shared by every process of the store (issue 34, ADR 0334): the answered calls
 * counted in it (when their answers came, milliseconds on the database's clock, oldest first), the calls still
 * waiting for their answers (when they were sent), and, after a 429, when the next call may go. The key is a hash
 * of the supplier account and limit, never a credential. A call takes the row's lock, so no two workers can
 * together pass the supplier's documented limit.
 */
export const supplierRateWindows = pgTable("supplier_rate_window", {
  key: varchar("key", { length: 64 }).primaryKey(),
  sent: jsonb("sent").$type<number[]>().notNull().default([]),
  pending: jsonb("pending").$type<number[]>().notNull().default([]),
  blockedUntil: bigint("blocked_until", { mode: "number" }).notNull().default(0),
});
