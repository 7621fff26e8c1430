import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { supplierRateWindows } from "../../../db/schema/index.ts";
import { SupplierError } from "./types.ts";

// Each supplier's documented request limits (issue 28, defect 10; ADR 0308), held across every process of the
// store (issue 34, ADR 0334). A limit is a sliding window: at most `limit` calls in any `windowMs` (stricter than a
// refilling bucket, so it holds whether the supplier counts in fixed or sliding windows). Windows are shared by
// every adapter of the same account: in this process by default (`memoryRateWindows`), in every process over one
// database with `createDbRateWindows` (what the server uses), so web and worker instances together never exceed
// what the supplier allows.

export interface Limit {
  limit: number;
  windowMs: number;
}

export interface LimitRule {
  key: string;
  rule: Limit;
}

/** A call counted in its windows: `answered()` moves it to when its answer came (never rejects). */
export interface TakenCall {
  answered(): Promise<void>;
}

/** Where the request windows live: one process's memory, or the database every process shares. */
export interface RateWindows {
  /** Counts one call in every window if all allow it now (`waitMs` 0); otherwise how long until they might. */
  tryTake(rules: LimitRule[]): Promise<{ waitMs: number; taken?: TakenCall }>;
  /** A 429 said to wait `forMs`: no call under these keys before then. */
  holdOff(keys: string[], forMs: number): Promise<void>;
}

interface Window {
  /** When the calls in the current window were sent (or, once answered, answered), oldest first. */
  sent: number[];
  /** Set from a 429's Retry-After: no call before this time. */
  blockedUntil: number;
}

/** Drops the calls that left the window; returns how long until a call under the rule may go (0: now). */
function trimAndWait(window: Window, rule: Limit, now: number): number {
  while (window.sent.length > 0 && now - window.sent[0]! >= rule.windowMs) window.sent.shift();
  const blocked = Math.max(0, window.blockedUntil - now);
  if (rule.limit <= 0 || window.sent.length < rule.limit) return blocked;
  return Math.max(blocked, window.sent[window.sent.length - rule.limit]! + rule.windowMs - now);
}

/** Moves one call sent at `sentAt` to `answeredAt` (never earlier), keeping the window in order. */
function moveToAnswer(window: Window, sentAt: number, answeredAt: number) {
  const index = window.sent.lastIndexOf(sentAt);
  if (index === -1) return;
  window.sent[index] = Math.max(sentAt, answeredAt);
  window.sent.sort((a, b) => a - b);
}

/** The windows of this process (a single instance, tests): one map shared by every adapter in it. */
const processWindows = new Map<string, Window>();

export function memoryRateWindows(
  clock: () => number = Date.now,
  windows: Map<string, Window> = processWindows,
): RateWindows {
  const windowOf = (key: string) => {
    let window = windows.get(key);
    if (!window) {
      window = { sent: [], blockedUntil: 0 };
      windows.set(key, window);
    }
    return window;
  };
  return {
    async tryTake(rules) {
      const t = clock();
      const waitMs = Math.max(0, ...rules.map(({ key, rule }) => trimAndWait(windowOf(key), rule, t)));
      if (waitMs > 0) return { waitMs };
      const taken = rules.filter(({ rule }) => rule.limit > 0).map(({ key }) => windowOf(key));
      for (const window of taken) window.sent.push(t);
      return {
        waitMs: 0,
        taken: {
          async answered() {
            const at = clock();
            for (const window of taken) moveToAnswer(window, t, at);
          },
        },
      };
    },
    async holdOff(keys, forMs) {
      const until = clock() + forMs;
      for (const key of keys) {
        const window = windowOf(key);
        window.blockedUntil = Math.max(window.blockedUntil, until);
      }
    },
  };
}

/** A fresh set of windows no other adapter shares (tests that play separate processes). */
export function isolatedRateWindows(clock: () => number = Date.now): RateWindows {
  return memoryRateWindows(clock, new Map());
}

/** The row key of a window: a hash, so no credential (an access code, a client id) is stored. */
function rowKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/**
 * How long a call sent without an answer yet holds its place: past the adapters' 20 s request timeout, so only a
 * process that died mid-call leaves one, and it frees the place after this.
 */
export const PENDING_CALL_MAX_MS = 30_000;

/** How soon a call waiting only for other calls' answers looks again. */
const ANSWER_POLL_MS = 25;

interface SharedWindow {
  key: string;
  /** Answered calls, when answered, oldest first. */
  sent: number[];
  /** Calls sent and not yet answered, when sent. */
  pending: number[];
  blockedUntil: number;
}

/**
 * How long until one more call may go in this shared window (0: now). An answered call counts from its answer;
 * a call still waiting for its answer holds its place until then (the supplier may count it any time up to its
 * answer, and across processes the time between taking a place and the supplier seeing the call is not bounded).
 */
function sharedWait(window: SharedWindow, rule: Limit, now: number): number {
  window.sent = window.sent.filter((at) => now - at < rule.windowMs);
  window.pending = window.pending.filter((at) => now - at < PENDING_CALL_MAX_MS);
  const blocked = Math.max(0, window.blockedUntil - now);
  if (rule.limit <= 0) return blocked;
  const excess = window.sent.length + window.pending.length - rule.limit + 1;
  if (excess <= 0) return blocked;
  // The excess-th oldest answered call leaves the window first; if too few are answered, look again shortly.
  const freed =
    excess <= window.sent.length ? window.sent[excess - 1]! + rule.windowMs - now : ANSWER_POLL_MS;
  return Math.max(blocked, freed, 1);
}

/**
 * The windows in PostgreSQL (or the embedded PGlite), shared by every process over the database (ADR 0334). One
 * row per window; a call locks its windows' rows (in key order, so two calls never wait on each other in a circle),
 * reads them on the database's clock, and takes a place only when every window has one. No lock is held while the
 * call waits or runs. The supplier's limit holds however many web and worker instances call it.
 */
export function createDbRateWindows(db: Database): RateWindows {
  const nowMs = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint::text`;
  async function lockRows(tx: Database, keys: string[]): Promise<(SharedWindow & { now: number })[]> {
    await tx
      .insert(supplierRateWindows)
      .values(keys.map((key) => ({ key })))
      .onConflictDoNothing();
    const rows = await tx
      .select({
        key: supplierRateWindows.key,
        sent: supplierRateWindows.sent,
        pending: supplierRateWindows.pending,
        blockedUntil: supplierRateWindows.blockedUntil,
        now: nowMs,
      })
      .from(supplierRateWindows)
      .where(inArray(supplierRateWindows.key, keys))
      .orderBy(supplierRateWindows.key)
      .for("update");
    return rows.map((row) => ({ ...row, now: Number(row.now), blockedUntil: Number(row.blockedUntil) }));
  }
  async function save(tx: Database, window: SharedWindow) {
    await tx
      .update(supplierRateWindows)
      .set({ sent: window.sent, pending: window.pending })
      .where(eq(supplierRateWindows.key, window.key));
  }
  return {
    async tryTake(rules) {
      const byKey = new Map(rules.map(({ key, rule }) => [rowKey(key), rule]));
      const keys = [...byKey.keys()].sort();
      if (keys.length === 0) return { waitMs: 0, taken: { answered: async () => {} } };
      return db.transaction(async (rawTx) => {
        const tx = rawTx as unknown as Database;
        const windows = await lockRows(tx, keys);
        const t = windows[0]?.now ?? Date.now();
        const waitMs = Math.max(0, ...windows.map((w) => sharedWait(w, byKey.get(w.key) as Limit, t)));
        if (waitMs > 0) return { waitMs };
        const counted = windows.filter((w) => (byKey.get(w.key) as Limit).limit > 0);
        for (const window of counted) {
          window.pending.push(t);
          await save(tx, window);
        }
        const countedKeys = counted.map((w) => w.key);
        return {
          waitMs: 0,
          taken: {
            async answered() {
              if (countedKeys.length === 0) return;
              try {
                await db.transaction(async (rawAnswerTx) => {
                  const answerTx = rawAnswerTx as unknown as Database;
                  for (const window of await lockRows(answerTx, countedKeys)) {
                    const index = window.pending.indexOf(t);
                    if (index !== -1) window.pending.splice(index, 1);
                    window.sent = [...window.sent, Math.max(t, window.now)].sort((a, b) => a - b);
                    await save(answerTx, window);
                  }
                });
              } catch {
                // The call keeps its place until PENDING_CALL_MAX_MS: stricter, never looser.
              }
            },
          },
        };
      });
    },
    async holdOff(keys, forMs) {
      const hashed = [...new Set(keys.map(rowKey))].sort();
      if (hashed.length === 0) return;
      await db
        .insert(supplierRateWindows)
        .values(hashed.map((key) => ({ key })))
        .onConflictDoNothing();
      await db
        .update(supplierRateWindows)
        .set({
          blockedUntil: sql`greatest(${supplierRateWindows.blockedUntil}, (extract(epoch from clock_timestamp()) * 1000)::bigint + ${Math.ceil(forMs)})`,
        })
        .where(inArray(supplierRateWindows.key, hashed));
    },
  };
}

/**
 * Counts one call against every limit named (all must allow it). Waits while the wait is at most `maxWaitMs`;
 * a longer wait is a retryable RATE_LIMITED error, so a job retries later instead of holding a worker.
 * The answer is `answered()`: call it when the supplier's answer arrives. The supplier counts the call when it
 * arrives, somewhere between sending and answering, so the call then counts from its answer: network delays can
 * never put more calls in one of the supplier's windows than the limit. `windows` is where the limits are kept
 * (default: this process, on `clock`).
 */
export async function takeToken(
  rules: LimitRule[],
  options: { maxWaitMs: number; clock?: () => number; supplier: string; windows?: RateWindows },
): Promise<TakenCall> {
  const windows = options.windows ?? memoryRateWindows(options.clock);
  // Calls of this process for the same windows queue here, first come first served, so only the first of them
  // asks the windows (the database, when shared) while the others wait their turn without a query each.
  const queueKey = rules
    .map(({ key }) => key)
    .sort()
    .join("\u0000");
  let lines = queues.get(windows);
  if (!lines) {
    lines = new Map();
    queues.set(windows, lines);
  }
  const before = lines.get(queueKey) ?? Promise.resolve();
  let release: () => void = () => {};
  const mine = new Promise<void>((resolve) => {
    release = resolve;
  });
  const line = before.then(() => mine);
  lines.set(queueKey, line);
  await before;
  try {
    for (;;) {
      const { waitMs, taken } = await windows.tryTake(rules);
      if (taken) return taken;
      if (waitMs > options.maxWaitMs)
        throw new SupplierError("RATE_LIMITED", `${options.supplier}: request limit reached, retry later`, {
          retryAfterMs: waitMs,
        });
      await sleep(waitMs);
    }
  } finally {
    release();
    if (lines.get(queueKey) === line) lines.delete(queueKey);
  }
}

/** Each windows' queues of this process's waiting calls, by the keys they take (see takeToken). */
const queues = new WeakMap<RateWindows, Map<string, Promise<void>>>();

/** A 429 told us to wait until `untilMs` (on `clock`): no call under these limits before then. */
export async function holdOff(
  keys: string[],
  untilMs: number,
  options: { windows?: RateWindows; clock?: () => number } = {},
): Promise<void> {
  const clock = options.clock ?? Date.now;
  const windows = options.windows ?? memoryRateWindows(clock);
  await windows.holdOff(keys, Math.max(0, untilMs - clock()));
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
