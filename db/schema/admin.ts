import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { customers } from "./accounts.ts";
import { orders } from "./orders.ts";

/**
 * Issue 16: the operator realm, separate from customers. Operators are invited only; the first owner comes from
 * `npm run admin:create`. Every operator has a password (scrypt, ADR 0061) and a TOTP secret.
 */
export const operators = pgTable(
  "operator",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: varchar("email", { length: 254 }).notNull(),
    displayName: varchar("display_name", { length: 64 }).notNull(),
    /** owner | merchandiser | support | finance */
    role: varchar("role", { length: 16 }).notNull(),
    passwordHash: text("password_hash"),
    /** Base32 TOTP secret; null until the invited operator enrols. */
    totpSecret: text("totp_secret"),
    /** The last accepted TOTP time step, so one code cannot be replayed. */
    totpLastStep: integer("totp_last_step"),
    /** en_US | zh_CN: the console language the operator chose. */
    language: varchar("language", { length: 8 }).notNull().default("en_US"),
    /** INVITED | ACTIVE | DISABLED */
    status: varchar("status", { length: 16 }).notNull().default("INVITED"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("operator_email_key").on(t.email)],
);

/** An operator's session: its own cookie and a shorter idle timeout than a customer's. */
export const operatorSessions = pgTable(
  "operator_session",
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("operator_session_operator_idx").on(t.operatorId)],
);

/** Append-only record of every console change: who, when, what, before and after. Never updated or deleted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    action: varchar("action", { length: 64 }).notNull(),
    entity: varchar("entity", { length: 64 }).notNull(),
    entityId: varchar("entity_id", { length: 128 }).notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_created_idx").on(t.createdAt),
  ],
);

/**
 * A one-time enrolment link an owner sends to an invited operator (ADR 0221): only the SHA-256 of its token is
 * kept. The invitee sets a password and enrols TOTP through it; it is spent on use and expires unused.
 */
export const operatorInvitations = pgTable(
  "operator_invitation",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    invitedBy: uuid("invited_by").references(() => operators.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("operator_invitation_operator_idx").on(t.operatorId)],
);

/**
 * An operator's saved view of a console list (issue 29, ADR 0362): the list's filters under a name, one name per
 * operator and list. Only its operator sees, applies or deletes it.
 */
export const consoleSavedViews = pgTable(
  "console_saved_view",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    /** Which list: "orders". */
    list: varchar("list", { length: 32 }).notNull(),
    name: varchar("name", { length: 60 }).notNull(),
    /** The list's query parameters as the page's link carries them (CONSOLE_ORDER_FILTERS for orders). */
    filters: jsonb("filters").$type<Record<string, string>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("console_saved_view_name").on(t.operatorId, t.list, t.name)],
);

/**
 * One order an operator's bulk action did (issue 29, ADR 0383): the batch key the console generated for that
 * submit, the action and the order. Written in the same transaction as the action's effect and its audit entry, so
 * a second submit of the same batch (a double click, a retried request, a racing one) finds the order done and does
 * nothing again.
 */
export const consoleBulkItems = pgTable(
  "console_bulk_item",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    batchKey: varchar("batch_key", { length: 128 }).notNull(),
    /** "resend-email" or "retry-provisioning". */
    action: varchar("action", { length: 32 }).notNull(),
    orderId: uuid("order_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("console_bulk_item_batch_order").on(t.operatorId, t.batchKey, t.orderId)],
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

/**
 * An operator's note on a customer (issue 29, ADR 0361), as orders have: on the customer's timeline with its author
 * and time, never shown to the shopper. Only its author edits it; deleting the account deletes its notes.
 */
export const customerNotes = pgTable(
  "customer_note",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null until its author edits it. */
    editedAt: timestamp("edited_at", { withTimezone: true }),
  },
  (t) => [index("customer_note_customer_idx").on(t.customerId, t.createdAt)],
);
