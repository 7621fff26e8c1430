import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { jobs } from "../../db/schema/index.ts";
import { measuredJobRun } from "../telemetry/jobs.ts";

/** What a handler learns about the run: the runner's clock and which attempt this is (1 first). */
export interface JobContext {
  now: Date;
  attempt: number;
  /** The job's attempt budget: attempt === maxAttempts is the last try before the job is DEAD. */
  maxAttempts: number;
}

export type JobHandler<T = Record<string, unknown>> = (payload: T, context: JobContext) => Promise<void>;

/**
 * A job kind with a typed payload: enqueue checks the payload against the schema, and the runner checks it
 * again before the handler sees it (a row that does not match is DEAD at once, never retried).
 */
export interface JobKind<T extends Record<string, unknown>> {
  kind: string;
  schema: z.ZodType<T>;
  /** Retry delay after the n-th failed attempt; default backoffMs. */
  backoffMs?: (attempt: number) => number;
  maxAttempts?: number;
}

/** Any defined kind, whatever its payload (listing and forgetting jobs do not read payloads). */
// biome-ignore lint/suspicious/noExplicitAny: a kind of any payload type; only its name is read.
export type AnyJobKind = JobKind<any>;

export function defineJob<T extends Record<string, unknown>>(
  kind: string,
  schema: z.ZodType<T>,
  options: { backoffMs?: (attempt: number) => number; maxAttempts?: number } = {},
): JobKind<T> {
  return { kind, schema, ...options };
}

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
  /**
   * How long a claimed job is leased. The worker renews the lease every leaseMs / 3 while the job runs, so this
   * bounds how long a job held by a dead worker on another host waits (ADR 0177).
   */
  leaseMs?: number;
  /** How many jobs runDue runs at most, each claimed just before it runs. */
  batch?: number;
  /**
   * How many jobs this runner runs at once (default 8, ADR 0316): each lane claims one due job, runs it, and
   * claims the next, so a slow supplier call holds one lane, not the queue. Suppliers keep to their own rate
   * limits in their clients (eSIM Access's calls per second, Airalo's Retry-After).
   */
  concurrency?: number;
  /** This worker's identity, host:pid:boot; default this process on this host with a fresh boot id. */
  workerId?: string;
  onError?: (error: unknown, job: { id: string; kind: string; attempt: number }) => void;
  /** Jobs reclaimed at start-up from dead workers (app.ts logs them). */
  onRecovered?: (count: number) => void;
}

/** Jobs a runner runs at once unless told otherwise (ADR 0316). */
export const DEFAULT_JOB_CONCURRENCY = 8;

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

interface Registered {
  handler: JobHandler<never>;
  definition: JobKind<Record<string, unknown>>;
}

/** Worker ids of the runners alive in this process (several apps can share one process in tests). */
const liveWorkers = new Set<string>();

function workerParts(id: string): { host: string; pid: number } | null {
  const match = /^(.*):(\d+):[^:]+$/.exec(id);
  return match ? { host: match[1] as string, pid: Number(match[2]) } : null;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the worker that wrote `id` is gone, as far as this host can tell: it ran on this host and either its
 * pid is this process (a restart that got the same pid, as a container's pid 1 does) and it is not one of this
 * process's runners, or no process has its pid any more. A worker on another host is left to its lease.
 */
export function workerIsGone(id: string, host = hostname(), pid = process.pid): boolean {
  const parts = workerParts(id);
  if (!parts || parts.host !== host) return false;
  if (parts.pid === pid) return !liveWorkers.has(id);
  return !processAlive(parts.pid);
}

/**
 * The durable job runner (architecture: durable jobs; ADRs 0100, 0177, 0316). Jobs are rows; each of a runner's
 * `concurrency` lanes claims one due row at a time, just before it runs it, in one statement (an update of the
 * row a FOR UPDATE SKIP LOCKED subquery picked), so any number of lanes and instances can run it, each job runs on
 * one of them at a time, and a crash strands only the jobs that were running. No transaction is held while a
 * handler runs (PGlite has one connection: the other lanes' statements would wait for it). While a handler runs,
 * the runner renews its lease; at start-up it reclaims what dead workers on its host held. Two jobs of one kind
 * with the same payload are the same work (a provisioning job and its poll for one order): one runner runs them
 * one after the other, never at once.
 * A handler that throws is retried with exponential backoff; after maxAttempts the job is DEAD.
 * Handlers must be idempotent: a worker can die after the work and before marking the row DONE.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = Math.max(1, Math.floor(leaseMs / 3));
  const batch = options.batch ?? 10;
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? DEFAULT_JOB_CONCURRENCY));
  /** The job of each kind and payload running here now: a second one waits for it (see above). */
  const running = new Map<string, Promise<void>>();
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const handlers = new Map<string, Registered>();
  let timer: NodeJS.Timeout | undefined;
  /** The poll loop's lanes running now (start()); stop() waits for them. */
  const lanes = new Set<Promise<void>>();
  let stopped = false;
  liveWorkers.add(workerId);

  async function claim(now: Date): Promise<ClaimedJob | undefined> {
    const result = (await db.execute(sql`
      update job set status = 'RUNNING', attempts = attempts + 1, locked_by = ${workerId},
        locked_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
      where id = (
        select id from job
        where run_at <= ${now.toISOString()}::timestamptz
          and (status = 'PENDING' or (status = 'RUNNING' and locked_until < ${now.toISOString()}::timestamptz))
        order by run_at
        limit 1
        for update skip locked
      )
      returning id, kind, payload, attempts, max_attempts`)) as unknown as { rows: ClaimedJob[] };
    return result.rows[0];
  }

  /** Renews the lease of a running job; a lease lost to another worker is not taken back. */
  function heartbeat(job: ClaimedJob): NodeJS.Timeout {
    const beat = setInterval(() => {
      db.update(jobs)
        .set({ lockedUntil: new Date(Date.now() + leaseMs) })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, "RUNNING"), eq(jobs.lockedBy, workerId)))
        .catch((error) => options.onError?.(error, { id: job.id, kind: job.kind, attempt: job.attempts }));
    }, heartbeatMs);
    beat.unref();
    return beat;
  }

  const held = (job: ClaimedJob) =>
    and(eq(jobs.id, job.id), eq(jobs.status, "RUNNING"), eq(jobs.lockedBy, workerId));

  async function runOne(job: ClaimedJob, now: Date): Promise<void> {
    const registered = handlers.get(job.kind);
    const definition = registered?.definition;
    const beat = heartbeat(job);
    try {
      if (!registered) throw new Error(`no handler for job kind ${job.kind}`);
      const parsed = registered.definition.schema.safeParse(job.payload);
      if (!parsed.success) {
        clearInterval(beat);
        await db
          .update(jobs)
          .set({
            status: "DEAD",
            lockedUntil: null,
            lockedBy: null,
            lastError: `invalid payload: ${parsed.error.message}`.slice(0, 1000),
            finishedAt: sql`now()`,
          })
          .where(held(job));
        options.onError?.(parsed.error, { id: job.id, kind: job.kind, attempt: job.attempts });
        return;
      }
      await measuredJobRun({ id: job.id, kind: job.kind, attempt: job.attempts }, () =>
        registered.handler(parsed.data as never, {
          now,
          attempt: job.attempts,
          maxAttempts: job.max_attempts,
        }),
      );
      clearInterval(beat);
      await db
        .update(jobs)
        .set({ status: "DONE", finishedAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: null })
        .where(held(job));
    } catch (error) {
      clearInterval(beat);
      const dead = job.attempts >= job.max_attempts;
      const delay = (definition?.backoffMs ?? backoffMs)(job.attempts);
      await db
        .update(jobs)
        .set({
          status: dead ? "DEAD" : "PENDING",
          lockedUntil: null,
          lockedBy: null,
          lastError: String((error as Error)?.message ?? error).slice(0, 1000),
          runAt: new Date(now.getTime() + delay),
          finishedAt: dead ? sql`now()` : null,
        })
        .where(held(job));
      options.onError?.(error, { id: job.id, kind: job.kind, attempt: job.attempts });
    } finally {
      clearInterval(beat);
    }
  }

  /** Runs a claimed job after any job of the same kind and payload running here (see createJobRunner). */
  async function runExclusive(job: ClaimedJob, now: Date): Promise<void> {
    const key = `${job.kind}\u0000${stableJson(job.payload)}`;
    const before = running.get(key);
    const run = (before ?? Promise.resolve()).then(() => runOne(job, now));
    const settled = run.catch(() => undefined);
    running.set(key, settled);
    try {
      await run;
    } finally {
      if (running.get(key) === settled) running.delete(key);
    }
  }

  /**
   * Claims and runs due jobs in `concurrency` lanes, at most `limit` of them in all; each lane claims its next
   * job as soon as its last one finished. Returns how many ran.
   */
  async function runLanes(clock: () => Date, limit: number): Promise<number> {
    let started = 0;
    let ran = 0;
    const lane = async () => {
      while (started < limit && !stopped) {
        started += 1;
        const now = clock();
        const job = await claim(now);
        if (!job) {
          started -= 1;
          return;
        }
        await runExclusive(job, now);
        ran += 1;
      }
    };
    // Every lane has finished before this returns, even when one failed (no lane outlives the call).
    const outcomes = await Promise.allSettled(Array.from({ length: Math.min(concurrency, limit) }, lane));
    const failed = outcomes.find((outcome) => outcome.status === "rejected");
    if (failed) throw failed.reason;
    return ran;
  }

  /** Claims and runs due jobs, `concurrency` at a time, at most `batch` of them; returns how many ran. */
  function runDue(now: Date = new Date()): Promise<number> {
    return runLanes(() => now, batch);
  }

  /**
   * Puts back to PENDING, due now, every RUNNING job whose worker is gone (workerIsGone): after a kill -9 and a
   * restart those jobs run at once rather than when their lease runs out. Returns how many it reclaimed.
   */
  async function recover(now: Date = new Date()): Promise<number> {
    const holders = await db
      .selectDistinct({ lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.status, "RUNNING"), sql`${jobs.lockedBy} is not null`));
    const gone = holders.map((row) => row.lockedBy as string).filter((id) => workerIsGone(id));
    if (gone.length === 0) return 0;
    const reclaimed = await db
      .update(jobs)
      .set({ status: "PENDING", lockedUntil: null, lockedBy: null, runAt: now })
      .where(and(eq(jobs.status, "RUNNING"), inArray(jobs.lockedBy, gone)))
      .returning({ id: jobs.id });
    return reclaimed.length;
  }

  /**
   * One lane of the poll loop: claims and runs due jobs until none is due. A lane that claimed a job first opens
   * another if one is free, so a queue fans out to `concurrency` lanes within a few claims, while an idle runner
   * polls with one claim per interval. The loop never waits for a slow job to look for the next one.
   */
  function openLane() {
    const lane = (async () => {
      while (!stopped) {
        const now = new Date();
        const job = await claim(now);
        if (!job) return;
        if (lanes.size < concurrency) openLane();
        await runExclusive(job, now);
      }
    })()
      .catch((error) => options.onError?.(error, { id: "", kind: "claim", attempt: 0 }))
      .finally(() => lanes.delete(lane));
    lanes.add(lane);
  }

  function tick() {
    if (stopped) return;
    if (lanes.size < concurrency) openLane();
    timer = setTimeout(tick, options.pollMs);
    timer.unref();
  }

  return {
    workerId,

    /** Registers the handler of a kind; the payload it gets has passed the kind's schema. */
    register<T extends Record<string, unknown>>(kind: JobKind<T>, handler: JobHandler<T>) {
      if (handlers.has(kind.kind)) throw new Error(`job kind ${kind.kind} registered twice`);
      handlers.set(kind.kind, {
        handler: handler as JobHandler<never>,
        definition: kind as unknown as JobKind<Record<string, unknown>>,
      });
    },

    /** Enqueues a job of a kind; a payload that does not match the kind's schema throws before any row exists. */
    async enqueue<T extends Record<string, unknown>>(
      kind: JobKind<T>,
      payload: T,
      enqueue: EnqueueOptions = {},
    ) {
      const checked = kind.schema.parse(payload);
      const executor = enqueue.executor ?? db;
      await executor
        .insert(jobs)
        .values({
          kind: kind.kind,
          payload: checked,
          runAt: enqueue.runAt ?? new Date(),
          maxAttempts: enqueue.maxAttempts ?? kind.maxAttempts ?? 8,
          dedupeKey: enqueue.dedupeKey ?? null,
        })
        .onConflictDoNothing();
    },

    /** Makes a waiting job of a kind with this dedupe key due at `at` (the sandbox's tools); whether one was waiting. */
    async makeDue(kind: AnyJobKind, dedupeKey: string, at: Date = new Date()): Promise<boolean> {
      const moved = await db
        .update(jobs)
        .set({ runAt: at })
        .where(and(eq(jobs.kind, kind.kind), eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, "PENDING")))
        .returning({ id: jobs.id });
      return moved.length > 0;
    },

    runDue,

    recover,

    /** Queue depth and oldest age per kind (jobStats). */
    stats: () => jobStats(db),

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
    async forgetPayloads(kind: AnyJobKind, path: string[], values: string[], executor: Database = db) {
      if (values.length === 0) return;
      await executor
        .update(jobs)
        .set({ payload: {} })
        .where(
          and(
            eq(jobs.kind, kind.kind),
            inArray(jobs.status, ["DONE", "DEAD"]),
            inArray(sql`${jobs.payload} #>> ${`{${path.join(",")}}`}::text[]`, values),
          ),
        );
    },

    /** Jobs of some kinds, newest first (tests and operators). */
    list(kinds: AnyJobKind[]) {
      return db
        .select()
        .from(jobs)
        .where(
          inArray(
            jobs.kind,
            kinds.map((kind) => kind.kind),
          ),
        )
        .orderBy(sql`${jobs.createdAt} desc`);
    },

    /**
     * Per kind, the jobs due and not held by a live lease, and how long the oldest of them has waited since it
     * was due (the queue metrics, ADR 0331). One grouped read of the claim's own condition.
     */
    async queueStats(now: Date = new Date()): Promise<{ kind: string; depth: number; oldestAgeS: number }[]> {
      const at = now.toISOString();
      const result = (await db.execute(sql`
        select kind, count(*)::int as depth,
          greatest(0, extract(epoch from (${at}::timestamptz - min(run_at))))::float8 as oldest
        from job
        where run_at <= ${at}::timestamptz
          and (status = 'PENDING' or (status = 'RUNNING' and locked_until < ${at}::timestamptz))
        group by kind`)) as unknown as { rows: { kind: string; depth: number; oldest: number }[] };
      return result.rows.map((row) => ({
        kind: row.kind,
        depth: Number(row.depth),
        oldestAgeS: Number(row.oldest),
      }));
    },

    /** Reclaims what dead workers held (recover), then polls every pollMs. */
    start() {
      if (!options.pollMs || timer || stopped) return;
      timer = setTimeout(() => {
        recover()
          .then((count) => {
            if (count > 0) options.onRecovered?.(count);
          })
          .catch((error) => options.onError?.(error, { id: "", kind: "recover", attempt: 0 }))
          .finally(tick);
      }, 0);
      timer.unref();
    },

    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.all([...lanes]);
      liveWorkers.delete(workerId);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** One job kind's queue, for metrics and operators (issue 34, ADR 0335). */
export interface JobKindStats {
  kind: string;
  /** Jobs due now and waiting for a worker (PENDING, run_at reached). */
  depth: number;
  /** Seconds since the oldest waiting job became due (0 when none waits). */
  oldestAgeSeconds: number;
  /** Jobs a worker holds now. */
  running: number;
  /** Jobs that used up their attempts and wait for an operator. */
  dead: number;
}

/**
 * Queue depth and oldest age per job kind, on the database's clock: what the metrics exporter reads (a gauge per
 * kind) and what an alert on a backlog watches. One indexed query; kinds with nothing waiting, running or dead are
 * left out.
 */
export async function jobStats(db: Database): Promise<JobKindStats[]> {
  const result = (await db.execute(sql`
    select kind,
      count(*) filter (where status = 'PENDING' and run_at <= now())::int as depth,
      coalesce(extract(epoch from now() - min(run_at) filter (where status = 'PENDING' and run_at <= now())), 0)::float8
        as oldest_age_seconds,
      count(*) filter (where status = 'RUNNING')::int as running,
      count(*) filter (where status = 'DEAD')::int as dead
    from job
    where status in ('PENDING', 'RUNNING', 'DEAD')
    group by kind
    order by kind`)) as unknown as {
    rows: { kind: string; depth: number; oldest_age_seconds: number; running: number; dead: number }[];
  };
  return result.rows
    .map((row) => ({
      kind: row.kind,
      depth: Number(row.depth),
      oldestAgeSeconds: Math.max(0, Math.round(Number(row.oldest_age_seconds) * 1000) / 1000),
      running: Number(row.running),
      dead: Number(row.dead),
    }))
    .filter((row) => row.depth > 0 || row.running > 0 || row.dead > 0);
}

/** The start of the slot after `now`: slots of `everyMs` are aligned to the epoch, the same on every instance. */
export function nextSlot(everyMs: number, now: Date): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs + everyMs);
}

/**
 * Enqueues a schedule's next run (issue 34, ADR 0335): one job due at the next slot, with the slot in its dedupe
 * key, so however many instances ask (each at its start, and each run for the next slot) the slot has one job,
 * which one worker claims. A schedule therefore fires once per slot across the whole cluster.
 */
export async function scheduleNext<T extends Record<string, unknown>>(
  jobs: Pick<JobRunner, "enqueue">,
  kind: JobKind<T>,
  payload: T,
  schedule: { everyMs: number; key: string; now: Date },
): Promise<Date> {
  const slot = nextSlot(schedule.everyMs, schedule.now);
  await jobs.enqueue(kind, payload, { runAt: slot, dedupeKey: `${schedule.key}:${slot.getTime()}` });
  return slot;
}

/** JSON with object keys sorted, so two equal payloads give one text whatever order their keys came in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : item,
  );
}
