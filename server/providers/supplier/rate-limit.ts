import { setTimeout as sleep } from "node:timers/promises";
import { SupplierError } from "./types.ts";

// Each supplier's documented request limits, held per process (issue 28, defect 10; ADR 0308). A limit is a
// sliding window: at most `limit` calls in any `windowMs` (stricter than a refilling bucket, so it holds whether the
// supplier counts in fixed or sliding windows). Windows are shared by every adapter of the same account in the
// process, so two adapters cannot together exceed what the supplier allows.

export interface Limit {
  limit: number;
  windowMs: number;
}

interface Window {
  /** When the calls in the current window were sent (or, once answered, answered), oldest first. */
  sent: number[];
  /** Set from a 429's Retry-After: no call before this time. */
  blockedUntil: number;
}

const windows = new Map<string, Window>();

function windowFor(key: string, rule: Limit, now: number): Window {
  let window = windows.get(key);
  if (!window) {
    window = { sent: [], blockedUntil: 0 };
    windows.set(key, window);
  }
  while (window.sent.length > 0 && now - window.sent[0]! >= rule.windowMs) window.sent.shift();
  return window;
}

/** How long until a call under this rule may go (0: now). */
function waitFor(key: string, rule: Limit, now: number): number {
  const window = windowFor(key, rule, now);
  const blocked = Math.max(0, window.blockedUntil - now);
  if (rule.limit <= 0 || window.sent.length < rule.limit) return blocked;
  return Math.max(blocked, window.sent[window.sent.length - rule.limit]! + rule.windowMs - now);
}

/**
 * Counts one call against every limit named (all must allow it). Waits while the wait is at most `maxWaitMs`;
 * a longer wait is a retryable RATE_LIMITED error, so a job retries later instead of holding a worker.
 * The answer is `answered()`: call it when the supplier's answer arrives. The supplier counts the call when it
 * arrives, somewhere between sending and answering, so the call then counts from its answer: network delays can
 * never put more calls in one of the supplier's windows than the limit.
 */
export async function takeToken(
  rules: { key: string; rule: Limit }[],
  options: { maxWaitMs: number; clock?: () => number; supplier: string },
): Promise<{ answered(): void }> {
  const now = options.clock ?? Date.now;
  for (;;) {
    const t = now();
    const wait = Math.max(0, ...rules.map(({ key, rule }) => waitFor(key, rule, t)));
    if (wait === 0) {
      const taken = rules
        .filter(({ rule }) => rule.limit > 0)
        .map(({ key, rule }) => windowFor(key, rule, t));
      for (const window of taken) window.sent.push(t);
      return {
        answered() {
          const at = Math.max(t, now());
          for (const window of taken) {
            const index = window.sent.lastIndexOf(t);
            if (index === -1) continue;
            window.sent[index] = at;
            window.sent.sort((a, b) => a - b);
          }
        },
      };
    }
    if (wait > options.maxWaitMs)
      throw new SupplierError("RATE_LIMITED", `${options.supplier}: request limit reached, retry later`, {
        retryAfterMs: wait,
      });
    await sleep(wait);
  }
}

/** A 429 told us to wait: no call under these limits before then. */
export function holdOff(keys: string[], untilMs: number) {
  for (const key of keys) {
    const window = windows.get(key);
    if (window) window.blockedUntil = Math.max(window.blockedUntil, untilMs);
  }
}

/** Reads a Retry-After header (seconds or an HTTP date) as milliseconds; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
