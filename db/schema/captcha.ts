import { pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * An image captcha (spec 5): the answer is stored hashed, valid 5 minutes, checked once. Solving it issues a
 * single-use lastCheckKey (spec 3 pre-validate response), kept hashed on the same row.
 */
export const captchas = pgTable("captcha", {
  key: varchar("key", { length: 64 }).primaryKey(),
  answerHash: varchar("answer_hash", { length: 64 }).notNull(),
  /** Per-captcha digits the browser shifts the answer with before sending it (ADR 0064). */
  obfuscationKey: varchar("obfuscation_key", { length: 16 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true }),
  checkKeyHash: varchar("check_key_hash", { length: 64 }),
  checkAccount: varchar("check_account", { length: 300 }),
  checkExpiresAt: timestamp("check_expires_at", { withTimezone: true }),
  checkConsumedAt: timestamp("check_consumed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
