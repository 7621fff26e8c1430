import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { ORDER_STATUSES, type OrderStatus } from "../../core/order-status.ts";
import { customers } from "./accounts.ts";
import { destinations, plans } from "./catalog.ts";
import { coupons } from "./coupons.ts";

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
