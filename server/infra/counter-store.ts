import { Redis } from "ioredis";

/**
 * Short-lived counters shared by every instance (architecture: scaling out). In Redis when REDIS_URL is set,
 * in memory otherwise (one process, development and tests).
 */
export interface CounterStore {
  /** Adds one to the counter at key; the first hit starts a window of windowMs. Atomic. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
  /** The counter's value in its current window (0 when none), without counting. */
  peek(key: string): Promise<number>;
  close(): Promise<void>;
}

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  let sweeps = 0;
  return {
    async increment(key, windowMs) {
      const at = now();
      // An occasional sweep keeps expired keys from piling up in a long-running process.
      if (++sweeps % 1000 === 0) {
        for (const [k, v] of counters) if (v.resetAt <= at) counters.delete(k);
      }
      const current = counters.get(key);
      if (!current || current.resetAt <= at) {
        counters.set(key, { count: 1, resetAt: at + windowMs });
        return { count: 1, resetInMs: windowMs };
      }
      current.count += 1;
      return { count: current.count, resetInMs: current.resetAt - at };
    },
    async reset(key) {
      counters.delete(key);
    },
    async peek(key) {
      const current = counters.get(key);
      return current && current.resetAt > now() ? current.count : 0;
    },
    async close() {
      counters.clear();
    },
  };
}

// INCR and PEXPIRE in one script, so a crash between them can never leave a counter without an expiry.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export function createRedisCounterStore(
  redisUrl: string,
  prefix = "esim:rl:",
  onError: (error: Error) => void = () => {},
): CounterStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
  // Connection errors are reported here (and each command that fails rejects, failing the request closed).
  redis.on("error", onError);
  return {
    async increment(key, windowMs) {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, prefix + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async peek(key) {
      // An expired key is gone in Redis, so a value present is the current window's.
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async close() {
      await redis.quit();
    },
  };
}

export function createCounterStore(
  redisUrl: string | undefined,
  onError?: (error: Error) => void,
): CounterStore {
  return redisUrl ? createRedisCounterStore(redisUrl, undefined, onError) : createMemoryCounterStore();
}
