import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";

/** What a handler learns about the run: the runner's clock and which attempt this is (1 first). */
export interface JobContext {
  now: Date;
  attempt: number;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** When the job becomes due; default now. */
  runAt?: Date;
  maxAttempts?: number;
  /** A second enqueue with the same key is ignored while the first row exists. */
  dedupeKey?: string;
  /** Enqueue inside the caller's transaction, so the job exists only if the change it follows commits. */
  executor?: Database;
}

export interface JobRunnerOptions {
  db: Database;
  /** Poll interval of start(); 0 means start() does nothing (tests drive runDue themselves). */
  pollMs?: number;
  /** How long a claimed job is leased; a worker that dies mid-job leaves it to be claimed again after this. */
  leaseMs?: number;
  batch?: number;
  onError?: (error: unknown, job: { id: string; kind: string; attempt: number }) => void;
}

/** Retry delay after the n-th failed attempt: 5 s, 10 s, 20 s … capped at one hour (ADR 0100). */
export function backoffMs(attempt: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempt - 1));
}

interface ClaimedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * The durable job runner (architecture: durable jobs; ADR 0100). Jobs are rows; a runner claims due rows with
 * FOR UPDATE SKIP LOCKED, so any number of instances can run it and each job runs on one of them at a time.
 * A handler that throws is retried with exponential backoff; after maxAttempts the job is DEAD.
 * Handlers must be idempotent: a worker can die after the work and before marking the row DONE.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const batch = options.batch ?? 10;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<number> | undefined;
  let stopped = false;

  async function claim(now: Date): Promise<ClaimedJob[]> {
    const result = (await db.execute(sql`
      update job set status = 'RUNNING', attempts = attempts + 1,
        locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      where id in (
        select id from job
        where run_at <= ${now.toISOString()}::timestamptz
          and (status = 'PENDING' or (status = 'RUNNING' and locked_until < ${now.toISOString()}::timestamptz))
        order by run_at
        limit ${batch}
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedJob[] };
    return result.rows;
  }

  async function runOne(job: ClaimedJob, now: Date): Promise<void> {
    try {
      const handler = handlers.get(job.kind);
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { now, attempt: job.attempts });
      await db
        .update(jobs)
        .set({ status: "DONE", finishedAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const dead = job.attempts >= job.max_attempts;
      await db
        .update(jobs)
        .set({
          status: dead ? "DEAD" : "PENDING",
          lockedUntil: null,
          lastError: String((error as Error)?.message ?? error).slice(0, 1000),
          runAt: new Date(now.getTime() + backoffMs(job.attempts)),
          finishedAt: dead ? sql`now()` : null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "RUNNING")));
      options.onError?.(error, { id: job.id, kind: job.kind, attempt: job.attempts });
    }
  }

  async function runDue(now: Date = new Date()): Promise<number> {
    const claimed = await claim(now);
    for (const job of claimed) await runOne(job, now);
    return claimed.length;
  }

  async function tick() {
    if (stopped) return;
    inFlight = (async () => {
      let total = 0;
      for (let round = 0; round < 10; round += 1) {
        const ran = await runDue();
        total += ran;
        if (ran < batch || stopped) break;
      }
      return total;
    })();
    try {
      await inFlight;
    } catch (error) {
      options.onError?.(error, { id: "", kind: "claim", attempt: 0 });
    } finally {
      inFlight = undefined;
      if (!stopped) {
        timer = setTimeout(tick, options.pollMs);
        timer.unref();
      }
    }
  }

  return {
    register(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      handlers.set(kind, handler);
    },

    async enqueue(kind: string, payload: Record<string, unknown>, enqueue: EnqueueOptions = {}) {
      const executor = enqueue.executor ?? db;
      await executor
        .insert(jobs)
        .values({
          kind,
          payload,
          runAt: enqueue.runAt ?? new Date(),
          maxAttempts: enqueue.maxAttempts ?? 8,
          dedupeKey: enqueue.dedupeKey ?? null,
        })
        .onConflictDoNothing();
    },

    /** Claims and runs every job due at `now` (one batch); returns how many ran. */
    runDue,

    /** Runs due jobs until none is left (tests; also jobs that enqueue more due jobs). */
    async drain(now: Date = new Date(), maxRounds = 100): Promise<number> {
      let total = 0;
      for (let round = 0; round < maxRounds; round += 1) {
        const ran = await runDue(now);
        total += ran;
        if (ran === 0) break;
      }
      return total;
    },

    /**
     * Empties the payloads of finished (done or dead) jobs of one kind whose payload holds one of `values` at
     * `path`: what a job carried about a shopper is forgotten once it has nothing left to do (ADR 0165).
     */
    async forgetPayloads(kind: string, path: string[], values: string[], executor: Database = db) {
      if (values.length === 0) return;
      await executor
        .update(jobs)
        .set({ payload: {} })
        .where(
          and(
            eq(jobs.kind, kind),
            inArray(jobs.status, ["DONE", "DEAD"]),
            inArray(sql`${jobs.payload} #>> ${`{${path.join(",")}}`}::text[]`, values),
          ),
        );
    },

    /** Jobs of some kinds, newest first (tests and operators). */
    list(kinds: string[]) {
      return db.select().from(jobs).where(inArray(jobs.kind, kinds)).orderBy(sql`${jobs.createdAt} desc`);
    },

    start() {
      if (!options.pollMs || timer || stopped) return;
      timer = setTimeout(tick, options.pollMs);
      timer.unref();
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight?.catch(() => undefined);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
