import { jsonb, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/** What the last catalogue sync of one supplier did (issue 28, ADR 0311). */
export interface SupplierSyncCounts {
  created: number;
  updated: number;
  unpublished: number;
  skipped: number;
}

/**
 * Each supplier's operational state for the console's Suppliers page (issue 28, ADR 0311): its last catalogue
 * sync (started, finished, outcome, counts, errors), its last balance check's outcome (the amount itself is in
 * supplier_balance), its webhook registration and when its last webhook arrived. One row per supplier, upserted.
 */
export const supplierStatus = pgTable("supplier_status", {
  supplier: varchar("supplier", { length: 16 }).primaryKey(),
  /** When an operator last asked for a sync; pending while no sync has started since. */
  syncRequestedAt: timestamp("sync_requested_at", { withTimezone: true }),
  syncStartedAt: timestamp("sync_started_at", { withTimezone: true }),
  syncFinishedAt: timestamp("sync_finished_at", { withTimezone: true }),
  /** RUNNING while a sync runs (or died running), then OK or FAILED. */
  syncOutcome: varchar("sync_outcome", { length: 8 }).$type<"RUNNING" | "OK" | "FAILED">(),
  syncCounts: jsonb("sync_counts").$type<SupplierSyncCounts>(),
  syncErrors: jsonb("sync_errors").$type<string[]>(),
  balanceCheckedAt: timestamp("balance_checked_at", { withTimezone: true }),
  /** The last balance check's error; null when it read the balance. */
  balanceError: varchar("balance_error", { length: 500 }),
  /** The URL last registered at the supplier, and when (kept when a later attempt fails). */
  webhookUrl: varchar("webhook_url", { length: 500 }),
  webhookRegisteredAt: timestamp("webhook_registered_at", { withTimezone: true }),
  webhookAttemptedAt: timestamp("webhook_attempted_at", { withTimezone: true }),
  /** The last registration attempt's error; null when it succeeded. */
  webhookError: varchar("webhook_error", { length: 500 }),
  webhookReceivedAt: timestamp("webhook_received_at", { withTimezone: true }),
});
