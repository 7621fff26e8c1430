import { index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * The sandbox payment provider's own state (ADR 0104): its hosted page sessions, kept in the database so any
 * instance can serve the page and the webhook jobs survive restarts.
 */
export const sandboxPaymentSessions = pgTable("sandbox_payment_session", {
  id: varchar("id", { length: 64 }).primaryKey(),
  orderCode: varchar("order_code", { length: 32 }).notNull(),
  amount: integer("amount").notNull(),
  currencyCode: varchar("currency_code", { length: 3 }).notNull(),
  description: text("description").notNull(),
  successUrl: text("success_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  /** OPEN | CHALLENGE | PROCESSING (an Alipay/WeChat Pay payment that settles later) | PAID | EXPIRED */
  status: varchar("status", { length: 12 }).notNull().default("OPEN"),
  paymentId: varchar("payment_id", { length: 64 }),
  /** The simulated provider's customer (cus_…) the session saves cards to and offers saved cards of (ADR 0325). */
  customerRef: varchar("customer_ref", { length: 64 }),
  /** How the session was paid (card, apple_pay, google_pay, alipay, wechat_pay; ADR 0323). */
  method: varchar("method", { length: 16 }),
  refundedAmount: integer("refunded_amount").notNull().default(0),
  /** Idempotency keys of the refunds taken: the same key again is the same refund (as Stripe's). */
  refundKeys: jsonb("refund_keys").$type<string[]>().notNull().default([]),
  /** The stand-in's outage: this many next refund calls on the payment fail (tests, ADR 0236). */
  refundFailures: integer("refund_failures").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The simulated provider's saved cards (ADR 0325), kept as Stripe keeps PaymentMethods attached to a Customer. */
export const sandboxSavedCards = pgTable(
  "sandbox_saved_card",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    customerRef: varchar("customer_ref", { length: 64 }).notNull(),
    brand: varchar("brand", { length: 16 }).notNull(),
    last4: varchar("last4", { length: 4 }).notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_saved_card_customer_idx").on(t.customerRef)],
);
