import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";

// Store credit (issue 11, ADR 0240): an append-only ledger in the store's base currency (HKD).

export const CREDIT_ENTRY_KINDS = [
  /** Credit earned (an invite reward, a goodwill grant); positive, spendable from availableAt. */
  "EARNED",
  /** Taken by an order when it is placed (the reservation); negative. */
  "SPENT",
  /** An unpaid order that expired or was cancelled gives back what it took; positive. */
  "RELEASED",
  /** A refunded order gives back what it took; positive. */
  "REFUNDED",
  /** Twelve months without activity; negative, the whole balance. */
  "EXPIRED",
  /** An operator's correction or a clawback; either sign, never below zero. */
  "ADJUSTED",
] as const;
export type CreditEntryKind = (typeof CREDIT_ENTRY_KINDS)[number];

/**
 * One movement of a customer's store credit. The balance is the sum of the entries, never a stored number; rows
 * are never changed or removed (a database trigger refuses it). Amounts are HKD minor units (cents), signed.
 */
export const creditEntries = pgTable(
  "store_credit_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    kind: varchar("kind", { length: 16 }).$type<CreditEntryKind>().notNull(),
    /** Signed HKD minor units: positive adds to the balance, negative takes from it. */
    amountMinor: integer("amount_minor").notNull(),
    /** A stable reason code ("sfb.inviterReward", "order.expired", "operator.goodwill", ...). */
    reason: varchar("reason", { length: 64 }).notNull(),
    /** What caused it: "order:<id>", "sfb:<invite id>", "operator:<id>", "job:credit-expiry". */
    source: varchar("source", { length: 160 }).notNull(),
    /** The order an entry concerns (spent on, released or refunded by), if any. */
    orderId: uuid("order_id"),
    /** A second write with the same key is the same entry (grants, spends and give-backs are idempotent). */
    idempotencyKey: varchar("idempotency_key", { length: 160 }),
    /** From when an EARNED entry may be spent (the hold period); other entries count at once. */
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    /** An operator's free-text note (adjustments). */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("store_credit_entry_customer_idx").on(t.customerId, t.createdAt),
    index("store_credit_entry_order_idx").on(t.orderId),
    uniqueIndex("store_credit_entry_idempotency_key").on(t.idempotencyKey),
    check("store_credit_entry_nonzero", sql`${t.amountMinor} <> 0`),
    check(
      "store_credit_entry_sign",
      sql`(${t.kind} in ('EARNED', 'RELEASED', 'REFUNDED') and ${t.amountMinor} > 0)
        or (${t.kind} in ('SPENT', 'EXPIRED') and ${t.amountMinor} < 0)
        or ${t.kind} = 'ADJUSTED'`,
    ),
  ],
);

export const CREDIT_ADJUSTMENT_REQUEST_STATUSES = ["PENDING", "APPROVED", "REJECTED"] as const;
export type CreditAdjustmentRequestStatus = (typeof CREDIT_ADJUSTMENT_REQUEST_STATUSES)[number];

/**
 * An operator's store-credit adjustment above their role's limit, waiting for an operator whose role has no such
 * limit (issue 32, ADR 0313). Approving it writes the ledger entry (keyed `approval:<id>`, so once) and marks it
 * APPROVED in one transaction; nothing moves while it is PENDING.
 */
export const creditAdjustmentRequests = pgTable(
  "store_credit_adjustment_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    /** Signed HKD minor units, as the adjustment would write them. */
    amountMinor: integer("amount_minor").notNull(),
    /** The operator's reason, kept as the entry's note. */
    note: text("note").notNull(),
    /** The console request's key: the same request again is the same pending adjustment. */
    idempotencyKey: varchar("idempotency_key", { length: 160 }).notNull(),
    requestedBy: uuid("requested_by").notNull(),
    status: varchar("status", { length: 12 })
      .$type<CreditAdjustmentRequestStatus>()
      .notNull()
      .default("PENDING"),
    decidedBy: uuid("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The ledger entry an approval wrote. */
    entryId: uuid("entry_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("store_credit_adjustment_request_key").on(t.idempotencyKey),
    index("store_credit_adjustment_request_status_idx").on(t.status, t.createdAt),
    check("store_credit_adjustment_request_nonzero", sql`${t.amountMinor} <> 0`),
  ],
);
