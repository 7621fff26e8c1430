import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { operators } from "./admin.ts";
import { orders } from "./orders.ts";

export const REFUND_DESTINATIONS = ["CARD", "CREDIT"] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
/** REPLACED: a card refund that failed for good and was given as store credit instead (ADR 0280). */
export const REFUND_STATUSES = ["PENDING", "SUCCEEDED", "FAILED", "REPLACED"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Who started a refund (issue 29, ADRs 0336, 0359): one flow whoever starts it; DELIVERY is a failed delivery. */
export const REFUND_STARTERS = ["OPERATOR", "SHOPPER", "DELIVERY"] as const;
export type RefundStarter = (typeof REFUND_STARTERS)[number];

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
    /** The operator who refunded (an approved shopper request: the approver); null for a shopper's own cancel. */
    operatorId: uuid("operator_id").references(() => operators.id),
    starter: varchar("starter", { length: 12 }).$type<RefundStarter>().notNull().default("OPERATOR"),
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
    /** Whether the shopper is told of this refund by e-mail (the console's refund screen asks, ADR 0356). */
    notify: boolean("notify").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_refund_idempotency_key").on(t.idempotencyKey),
    index("order_refund_order_idx").on(t.orderId, t.createdAt),
  ],
);

/**
 * The store's refund policy (issue 29, ADR 0337): one row (id 1) the operator edits in the console; without it
 * the defaults of ADR 0337 apply. Windows count days from payment.
 */
export const refundPolicies = pgTable("refund_policy", {
  id: integer("id").primaryKey().default(1),
  /** A shopper may cancel an eSIM never installed nor used, for a full refund, this many days after paying. */
  cancelWindowDays: integer("cancel_window_days").notNull(),
  /** A shopper may ask for a refund with a reason this many days after paying (0: not at all). */
  requestWindowDays: integer("request_window_days").notNull(),
  /** Whether an installed eSIM may be refunded at all (Ubigi: never once the QR code was scanned). */
  installedRefundable: boolean("installed_refundable").notNull(),
  /** The most of its data an eSIM may have used and still be refunded, in percent (Saily: 1 %). */
  maxUsedPercent: integer("max_used_percent").notNull(),
  allowCard: boolean("allow_card").notNull(),
  allowCredit: boolean("allow_credit").notNull(),
  /** What the shopper is told a card refund takes, in days (the payment provider's usual time). */
  cardRefundDays: integer("card_refund_days").notNull(),
  updatedBy: uuid("updated_by").references(() => operators.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const REFUND_REQUEST_STATUSES = ["REQUESTED", "APPROVED", "DECLINED"] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

/**
 * A shopper's request for a refund with a reason and an optional screenshot (issue 29, ADR 0338), waiting in the
 * console's queue until an operator approves it (the refund is made by the one refund flow) or declines it with a
 * reason the shopper sees. One open request per order.
 */
export const refundRequests = pgTable(
  "refund_request",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    /** The order's customer (no foreign key: account deletion forgets the shopper, ADR 0165). */
    customerId: uuid("customer_id").notNull(),
    reason: text("reason").notNull(),
    /** The shopper's screenshot, an upload of theirs (spec 5's rules, the uploads module). */
    uploadId: varchar("upload_id", { length: 32 }),
    destination: varchar("destination", { length: 8 }).$type<RefundDestination>().notNull(),
    status: varchar("status", { length: 12 }).$type<RefundRequestStatus>().notNull().default("REQUESTED"),
    decidedBy: uuid("decided_by").references(() => operators.id),
    decisionReason: text("decision_reason"),
    refundId: uuid("refund_id").references(() => orderRefunds.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("refund_request_status_idx").on(t.status, t.createdAt),
    uniqueIndex("refund_request_open_order").on(t.orderId).where(sql`${t.status} = 'REQUESTED'`),
  ],
);
