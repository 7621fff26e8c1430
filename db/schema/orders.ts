import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES, type OrderStatus } from "../../core/order-status.ts";
import { customers } from "./accounts.ts";
import { destinations, plans } from "./catalog.ts";
import { coupons } from "./marketing.ts";

// Purchase: durable jobs, orders, payments and coupon redemption (ADRs 0100-0106).

export const JOB_STATUSES = ["PENDING", "RUNNING", "DONE", "DEAD"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The durable job table (architecture: data; ADRs 0100, 0177). A worker claims one due row at a time with FOR
 * UPDATE SKIP LOCKED and heartbeats its lease while it runs; a RUNNING row whose lease ran out (a crashed
 * worker elsewhere) is claimed again, and one held by a dead worker on the same host is reclaimed at start-up. Failures retry with backoff until
 * maxAttempts, then the row is DEAD and kept for an operator.
 */
export const jobs = pgTable(
  "job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: varchar("kind", { length: 64 }).notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: varchar("status", { length: 12 }).$type<JobStatus>().notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * The worker that holds a RUNNING job, as host:pid:boot (ADR 0177). A restarted process reclaims at once
     * what a dead worker on its host held, instead of waiting for the lease to run out.
     */
    lockedBy: varchar("locked_by", { length: 160 }),
    lastError: text("last_error"),
    /** Enqueuing the same key twice keeps one job (e.g. one expiry job per order). */
    dedupeKey: varchar("dedupe_key", { length: 160 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("job_due_idx").on(t.runAt).where(sql`${t.status} in ('PENDING', 'RUNNING')`),
    uniqueIndex("job_dedupe_key").on(t.dedupeKey),
  ],
);

export { ORDER_STATUSES, type OrderStatus };

/** An order for one plan (ADR 0102). Amounts are integer minor units of currencyCode. */
export const orders = pgTable(
  "customer_order",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The code shoppers see and URLs carry (/my/order/{code}). */
    code: varchar("code", { length: 32 }).notNull(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    status: varchar("status", { length: 20 }).$type<OrderStatus>().notNull(),
    /** Client-chosen key; a retried or double-clicked place-order returns the same order. */
    idempotencyKey: varchar("idempotency_key", { length: 128 }).notNull(),
    /** Hash of the request the key was first used with; the same key with another request is refused. */
    requestFingerprint: varchar("request_fingerprint", { length: 64 }).notNull(),
    platformProductCode: varchar("platform_product_code", { length: 48 })
      .notNull()
      .references(() => plans.platformProductCode),
    destinationCode: varchar("destination_code", { length: 16 })
      .notNull()
      .references(() => destinations.code),
    /** The plan's title in the order's language when it was placed. */
    planTitle: text("plan_title").notNull(),
    quantity: integer("quantity").notNull(),
    currencyCode: varchar("currency_code", { length: 3 }).notNull(),
    unitPrice: integer("unit_price").notNull(),
    subtotal: integer("subtotal").notNull(),
    couponCode: varchar("coupon_code", { length: 48 }).references(() => coupons.code),
    customerCouponId: uuid("customer_coupon_id"),
    couponDiscount: integer("coupon_discount").notNull().default(0),
    promoCode: varchar("promo_code", { length: 48 }).references(() => coupons.code),
    promoDiscount: integer("promo_discount").notNull().default(0),
    /** Store credit applied, in this order's currency (the ledger holds the HKD it took, ADR 0241). */
    creditAmount: integer("credit_amount").notNull().default(0),
    total: integer("total").notNull(),
    /** Where the eSIM is delivered; prefilled from the customer's e-mail. */
    contactEmail: varchar("contact_email", { length: 254 }).notNull(),
    /** An optional phone for support about this order, "+<area code> <digits>" (checkout, ADR 0110). */
    contactPhone: varchar("contact_phone", { length: 24 }),
    /** The language of the confirmation e-mail and other messages about this order. */
    locale: varchar("locale", { length: 8 }).notNull(),
    /** A top-up for an existing eSIM names it here (the add-on detail comes with the eSIM issue). */
    topUpIccid: varchar("top_up_iccid", { length: 22 }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentProvider: varchar("payment_provider", { length: 16 }),
    /** The provider's payment id (sandbox pay_..., Stripe pi_...) markPaid was keyed on. */
    providerPaymentId: varchar("provider_payment_id", { length: 128 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customer_order_code_key").on(t.code),
    uniqueIndex("customer_order_idempotency_key").on(t.customerId, t.idempotencyKey),
    uniqueIndex("customer_order_provider_payment_key").on(t.providerPaymentId),
    index("customer_order_customer_idx").on(t.customerId, t.createdAt),
  ],
);

/** Every status change of an order, with its time (ADR 0102). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    fromStatus: varchar("from_status", { length: 20 }).$type<OrderStatus>(),
    toStatus: varchar("to_status", { length: 20 }).$type<OrderStatus>().notNull(),
    reason: varchar("reason", { length: 64 }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.at)],
);

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

export const CUSTOMER_COUPON_STATUSES = ["AVAILABLE", "RESERVED", "USED"] as const;
export type CustomerCouponStatus = (typeof CUSTOMER_COUPON_STATUSES)[number];

/** A coupon a customer received (spec 7 receive; '领取成功'); "expired" is read from the coupon's endTime. */
export const customerCoupons = pgTable(
  "customer_coupon",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    couponCode: varchar("coupon_code", { length: 48 })
      .notNull()
      .references(() => coupons.code),
    status: varchar("status", { length: 12 }).$type<CustomerCouponStatus>().notNull().default("AVAILABLE"),
    orderId: uuid("order_id"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("customer_coupon_customer_idx").on(t.customerId, t.status)],
);

/**
 * Redemption counters (ADR 0105). usedCount counts orders holding the coupon (reserved or paid) and is only
 * changed by a conditional upsert inside the order transaction, so a limit of N admits exactly N orders.
 */
export const couponUsage = pgTable("coupon_usage", {
  couponCode: varchar("coupon_code", { length: 48 })
    .primaryKey()
    .references(() => coupons.code),
  usedCount: integer("used_count").notNull().default(0),
});

/** Per customer: coupons received (COUPON) or orders using the code (PROMO_CODE), against perCustomerLimit. */
export const couponCustomerUsage = pgTable(
  "coupon_customer_usage",
  {
    couponCode: varchar("coupon_code", { length: 48 })
      .notNull()
      .references(() => coupons.code),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.customerId] })],
);

/**
 * Where a coupon applies (ADR 0105): no rows means every plan; otherwise a plan must be listed itself or sit
 * in a listed destination.
 */
export const couponScopes = pgTable(
  "coupon_scope",
  {
    couponCode: varchar("coupon_code", { length: 48 })
      .notNull()
      .references(() => coupons.code, { onDelete: "cascade" }),
    /** PLAN | DESTINATION */
    scopeType: varchar("scope_type", { length: 12 }).notNull(),
    scopeCode: varchar("scope_code", { length: 48 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.scopeType, t.scopeCode] })],
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
