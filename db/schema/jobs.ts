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

// The durable job queue every module enqueues to (ADRs 0100, 0177, 0178); owned by server/jobs.

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
