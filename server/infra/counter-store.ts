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

/**
 * Counters in Redis, shared by every instance. While Redis is unreachable each instance counts on its own, in
 * memory (ADR 0343): the store keeps selling and signing in during an outage, with each limit held per instance
 * (a client spread over N instances gets at most N times the limit) instead of every guarded action failing.
 * Commands never queue for a connection that is down: they fall back at once.
 */
export function createRedisCounterStore(
  redisUrl: string,
  prefix = "esim:rl:",
  onError: (error: Error) => void = () => {},
): CounterStore & { readonly shared: boolean } {
  const redis = new Redis(redisUrl, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
  });
  const local = createMemoryCounterStore();
  // Reported once per outage, not per command: a connection that stays down would flood the log.
  let reported = false;
  redis.on("error", (error) => {
    if (!reported) onError(error);
    reported = true;
  });
  redis.on("ready", () => {
    reported = false;
  });
  // At start, commands wait (a second at most) for the first connection rather than count alone.
  const firstConnection = new Promise<void>((resolve) => {
    redis.once("ready", () => resolve());
    setTimeout(resolve, 1_000).unref();
  });
  async function shared<T>(viaRedis: () => Promise<T>, viaMemory: () => Promise<T>): Promise<T> {
    await firstConnection;
    if (redis.status !== "ready") return viaMemory();
    try {
      return await viaRedis();
    } catch (error) {
      if (!reported) onError(error as Error);
      reported = true;
      return viaMemory();
    }
  }
  return {
    increment(key, windowMs) {
      return shared(
        async () => {
          const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, prefix + key, String(windowMs))) as [
            number,
            number,
          ];
          return { count, resetInMs: ttl };
        },
        () => local.increment(key, windowMs),
      );
    },
    async reset(key) {
      await local.reset(key);
      await shared(
        () => redis.del(prefix + key),
        async () => 0,
      );
    },
    peek(key) {
      // An expired key is gone in Redis, so a value present is the current window's.
      return shared(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => local.peek(key),
      );
    },
    /** Whether counts are shared through Redis now (false while it is down). */
    get shared() {
      return redis.status === "ready";
    },
    async close() {
      await local.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createCounterStore(
  redisUrl: string | undefined,
  onError?: (error: Error) => void,
): CounterStore {
  return redisUrl ? createRedisCounterStore(redisUrl, undefined, onError) : createMemoryCounterStore();
}
