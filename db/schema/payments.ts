import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";
import { orders } from "./orders.ts";

export const PAYMENT_STATUSES = ["CREATED", "SUCCEEDED", "FAILED", "EXPIRED", "REFUNDED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** One attempt to pay an order through a provider's hosted page (ADR 0103). */
export const payments = pgTable(
  "payment",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    provider: varchar("provider", { length: 16 }).notNull(),
    /** The hosted page session (sandbox ps_..., Stripe cs_...). */
    providerSessionId: varchar("provider_session_id", { length: 128 }).notNull(),
    providerPaymentId: varchar("provider_payment_id", { length: 128 }),
    redirectUrl: text("redirect_url").notNull(),
    status: varchar("status", { length: 12 }).$type<PaymentStatus>().notNull().default("CREATED"),
    amount: integer("amount").notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    failureCode: varchar("failure_code", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_provider_session_key").on(t.provider, t.providerSessionId),
    index("payment_order_idx").on(t.orderId),
  ],
);

/** Webhook events already handled, by the provider's event id: a replay is acknowledged and ignored. */
export const paymentEvents = pgTable(
  "payment_event",
  {
    provider: varchar("provider", { length: 16 }).notNull(),
    eventId: varchar("event_id", { length: 128 }).notNull(),
    type: varchar("type", { length: 64 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** A shopper's customer at a payment provider (Stripe cus_…; ADR 0325): saved cards hang on it. */
export const paymentCustomers = pgTable(
  "payment_customer",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    provider: varchar("provider", { length: 16 }).notNull(),
    providerCustomerId: varchar("provider_customer_id", { length: 128 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.provider] })],
);

/**
 * A correctly signed payment the store could not accept as it is (ADR 0191): the amount or currency differs
 * from the order's. The order stays unpaid; operators settle it (refund or manual capture) and set resolvedAt.
 * One row per provider payment, however often the provider retries or the return page polls.
 */
export const paymentAnomalies = pgTable(
  "payment_anomaly",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    provider: varchar("provider", { length: 16 }).notNull(),
    providerPaymentId: varchar("provider_payment_id", { length: 128 }).notNull(),
    /** The webhook event that carried it; null when the return page's reconcile found it first. */
    providerEventId: varchar("provider_event_id", { length: 128 }),
    kind: varchar("kind", { length: 32 }).notNull(),
    expectedAmount: integer("expected_amount").notNull(),
    expectedCurrency: varchar("expected_currency", { length: 3 }).notNull(),
    receivedAmount: bigint("received_amount", { mode: "number" }).notNull(),
    receivedCurrency: varchar("received_currency", { length: 16 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payment_anomaly_provider_payment_key").on(t.provider, t.providerPaymentId),
    index("payment_anomaly_open_idx").on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
