import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * The durable outbox for e-mail and SMS (architecture: messages). In the sandbox it is the inbox developers
 * and tests read; with SMTP_URL set a worker delivers PENDING e-mails with FOR UPDATE SKIP LOCKED.
 */
export const messageOutbox = pgTable(
  "message_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** EMAIL | SMS */
    channel: varchar("channel", { length: 8 }).notNull(),
    to: varchar("to", { length: 300 }).notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    /** Optional HTML alternative of an e-mail; data: images in it are sent as inline attachments (ADR 0134). */
    html: text("html"),
    /** PENDING | SENT | FAILED */
    status: varchar("status", { length: 12 }).notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Insertion order: rows written in one transaction (or the same microsecond) share created_at, so lists
     * order by created_at and then by this (ADR 0170).
     */
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (table) => [
    index("message_outbox_pending_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'PENDING'`),
    index("message_outbox_to_idx").on(table.to, table.createdAt),
  ],
);
