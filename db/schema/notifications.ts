import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/** The notification centre (spec 2 /ucenter/push, ADR 0204): what the store has told a shopper. */
export const NOTIFICATION_KINDS = [
  "ORDER_PAID",
  "ORDER_FAILED",
  "ESIM_READY",
  "TOPUP_DONE",
  "DATA_LOW",
  "PLAN_ENDED",
  "PROMOTION",
  /** Store credit about to expire (issue 11, ADR 0240). */
  "CREDIT_EXPIRING",
  /** An invite reward granted, or taken back (issue 11, ADR 0242). */
  "INVITE_REWARD",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const customerNotifications = pgTable(
  "customer_notification",
  {
    id: serial("id").primaryKey(),
    customerId: uuid("customer_id").notNull(),
    kind: varchar("kind", { length: 24 }).$type<NotificationKind>().notNull(),
    /** Message parameters (order code, plan name); the text is rendered in the reader's language. */
    params: jsonb("params").$type<Record<string, string>>().notNull(),
    /** A storefront path without locale prefix, e.g. /ucenter/eSIM/{id}. */
    link: text("link"),
    /** One notice per event: the same event recorded twice (a retried job) stays one notice. */
    eventKey: varchar("event_key", { length: 128 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("customer_notification_event_idx").on(t.customerId, t.eventKey),
    index("customer_notification_list_idx").on(t.customerId, t.createdAt),
  ],
);

/** Per kind: whether the shopper wants it by e-mail and in the notification centre (defaults: both). */
export const notificationPreferences = pgTable(
  "notification_preference",
  {
    customerId: uuid("customer_id").notNull(),
    kind: varchar("kind", { length: 24 }).$type<NotificationKind>().notNull(),
    email: boolean("email").notNull(),
    inApp: boolean("in_app").notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.kind] })],
);
