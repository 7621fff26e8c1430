import { sql } from "drizzle-orm";
import {
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
import { operators } from "./admin.ts";

/**
 * What the daily reconciliation finds (issue 29 item 4, ADRs 0365 and 0390): paid but not issued, issued but not
 * paid, refunded but still active at the supplier, amounts that differ, a supplier balance that dropped by more
 * (or less) than our books explain, and a balance that rose beyond them (most often the operator's own top-up of
 * the account: listed to be confirmed, not alerted on).
 */
export const MISMATCH_KINDS = [
  "PAID_NOT_ISSUED",
  "ISSUED_NOT_PAID",
  "REFUNDED_STILL_ACTIVE",
  "AMOUNT_DIFFERS",
  "BALANCE_MISMATCH",
  "BALANCE_CREDIT",
] as const;
export type MismatchKind = (typeof MISMATCH_KINDS)[number];
/** The kinds the open count (the dashboard, the gauge and its alert) counts: all but a balance credit. */
export const ALERTING_KINDS = MISMATCH_KINDS.filter((kind) => kind !== "BALANCE_CREDIT");

/**
 * One mismatch between our books and a supplier's or the payment provider's. `key` names what is wrong (the kind
 * and the thing it is about), and is unique: a run that finds it again records nothing twice (ADR 0365).
 */
export const reconciliationMismatches = pgTable(
  "reconciliation_mismatch",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: varchar("key", { length: 200 }).notNull(),
    kind: varchar("kind", { length: 24 }).$type<MismatchKind>().notNull(),
    /** The UTC day (YYYY-MM-DD) whose run first found it. */
    day: varchar("day", { length: 10 }).notNull(),
    /** The other party: "supplier.<name>" or "payment.<provider>" (both have a "sandbox"). */
    party: varchar("party", { length: 32 }).notNull(),
    /** Our order's code, when the mismatch is about one of our orders. */
    orderCode: varchar("order_code", { length: 32 }),
    /** The other party's reference (supplier order, ICCID, provider payment id). */
    reference: varchar("reference", { length: 128 }),
    /** What our books say and what the other party says, in minor units of `currency`, for an amount. */
    oursMinor: integer("ours_minor"),
    theirsMinor: integer("theirs_minor"),
    currency: varchar("currency", { length: 3 }),
    detail: jsonb("detail").$type<Record<string, string | number | null>>().notNull().default({}),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => operators.id),
    resolutionNote: text("resolution_note"),
  },
  (t) => [
    uniqueIndex("reconciliation_mismatch_key").on(t.key),
    index("reconciliation_mismatch_open_idx").on(t.foundAt).where(sql`${t.resolvedAt} is null`),
  ],
);
