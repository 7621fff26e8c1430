import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { operators } from "./admin.ts";
import { orders } from "./orders.ts";

export const REFUND_DESTINATIONS = ["CARD", "CREDIT"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
/** REPLACED: a card refund that failed for good and was given as store credit instead (ADR 0280). */
export const REFUND_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REPLACED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * An operator's refund of a paid order, in full or in part, to the card or to store credit (issue 16, ADR 0225).
 * Amounts are the order's currency; a refund to credit also keeps the HKD cents the ledger received. The
 * idempotency key makes a retried request the same refund; the sum of PENDING and SUCCEEDED refunds never
 * passes what the order's card payment took (checked under the order's row lock).
 */
export const orderRefunds = pgTable(
  "order_refund",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    amount: integer("amount").notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    destination: varchar("destination", { length: 8 }).$type<RefundDestination>().notNull(),
    status: varchar("status", { length: 12 }).$type<RefundStatus>().notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: varchar("idempotency_key", { length: 128 }).notNull(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    /** The payment provider's refund id (card refunds). */
    providerRefundId: varchar("provider_refund_id", { length: 128 }),
    /** HKD cents granted to the shopper's store credit (credit refunds). */
    creditMinor: integer("credit_minor"),
    /**
     * The part of `amount` that was paid with store credit and goes back to the ledger (order currency, ADR
     * 0237: the card part is refunded first); `amount - creditPart` is the card part.
     */
    creditPart: integer("credit_part").notNull().default(0),
    /** HKD cents the credit part gave back to the ledger. */
    creditBackMinor: integer("credit_back_minor"),
    /** Calls made to the provider for the card part (ADR 0236: retried by a job with backoff). */
    attempts: integer("attempts").notNull().default(0),
    /** While a call to the provider is under way: a manual retry and the job never send at once. */
    sendingUntil: timestamp("sending_until", { withTimezone: true }),
    failureCode: varchar("failure_code", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_refund_idempotency_key").on(t.idempotencyKey),
    index("order_refund_order_idx").on(t.orderId, t.createdAt),
  ],
);

/** An operator's internal note on an order (issue 16): never shown to the shopper. */
export const orderNotes = pgTable(
  "order_note",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_note_order_idx").on(t.orderId, t.createdAt)],
);
