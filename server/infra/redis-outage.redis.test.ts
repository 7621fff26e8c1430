import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { createHealth } from "../health.ts";
import { hasRedisServer, type OwnRedis, startOwnRedis } from "../ops/redis-server.ts";
import { createSharedCache, type SharedCache } from "./cache.ts";
import { createRedisCounterStore } from "./counter-store.ts";
import { createRateLimiter } from "./rate-limit.ts";

// ADR 0343: while Redis is down every instance keeps serving, with caches and rate limits of its own, and readiness
// stays 200; once Redis is back the instances share again, and what changed during the outage shows everywhere.
// Stops a Redis server of its own (never the machine's), so it runs wherever `redis-server` is installed.

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe.skipIf(!hasRedisServer())("a Redis outage", () => {
  let redis: OwnRedis;
  const closers: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    redis = await startOwnRedis();
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await redis?.close();
  });

  it("rate limits count per instance while Redis is down, at once, and shared again once it is back", async () => {
    const prefix = `esim:test:${randomUUID()}:`;
    const a = createRedisCounterStore(redis.url, prefix);
    const b = createRedisCounterStore(redis.url, prefix);
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const limiterA = createRateLimiter(a);
    const limiterB = createRateLimiter(b);
    const subject = randomUUID();
    await until(() => a.shared && b.shared, "both stores on Redis");
    for (let i = 0; i < 5; i++) await limiterA.hit("loginAccount", subject);
    for (let i = 0; i < 5; i++) await limiterB.hit("loginAccount", subject);
    await expect(limiterA.hit("loginAccount", subject)).rejects.toMatchObject({ status: 429 });

    await redis.stop();
    await until(() => !a.shared && !b.shared, "both stores noticing the outage");
    const during = randomUUID();
    const started = Date.now();
    // Each instance holds the limit on its own: ten on A pass, the eleventh is refused; B still counts from 0.
    for (let i = 0; i < 10; i++) await limiterA.hit("loginAccount", during);
    await expect(limiterA.hit("loginAccount", during)).rejects.toMatchObject({ status: 429 });
    await expect(limiterB.hit("loginAccount", during)).resolves.toBeUndefined();
    // Nothing waited for a connection that is down.
    expect(Date.now() - started).toBeLessThan(1_000);

    await redis.start();
    await until(() => a.shared && b.shared, "both stores back on Redis");
    const after = randomUUID();
    await limiterA.attempt("loginAccount", after);
    expect(await limiterB.count("loginAccount", after)).toBe(1);
  }, 60_000);

  it("the cache serves from the instance while Redis is down, and a change made then shows on every instance after", async () => {
    const namespace = `roamly-test-${randomUUID()}`;
    const price = { JP: 100 };
    let loads = 0;
    const define = (cache: SharedCache) =>
      cache.define("plan", {
        ttlS: 600,
        tags: (code: string) => [`plan:${code}`],
        load: async (code: string) => {
          loads += 1;
          return { code, price: price.JP };
        },
      });
    const a = createSharedCache({ redisUrl: redis.url, namespace });
    const b = createSharedCache({ redisUrl: redis.url, namespace });
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    await Promise.all([a.ready(), b.ready()]);
    await until(() => a.shared && b.shared, "both caches on Redis");
    const onA = define(a);
    const onB = define(b);
    expect(await onA("JP")).toEqual({ code: "JP", price: 100 });
    expect(await onB("JP")).toEqual({ code: "JP", price: 100 });
    expect(loads).toBe(1); // B read A's entry from Redis

    await redis.stop();
    await until(() => !a.shared && !b.shared, "both caches noticing the outage");
    const started = Date.now();
    expect(await onA("JP")).toEqual({ code: "JP", price: 100 });
    expect(await onA("JP")).toEqual({ code: "JP", price: 100 });
    expect(loads).toBe(2); // loaded once into A's own cache, then served from it
    expect(Date.now() - started).toBeLessThan(1_000);
    // An operator's change on A during the outage: A shows it at once; B's listeners will hear of it later.
    price.JP = 90;
    await a.invalidate(["plan:JP"]);
    expect((await onA("JP")).price).toBe(90);

    const heardOnB = new Promise<string[]>((resolve) => {
      const stop = b.onInvalidate((tags) => {
        stop();
        resolve(tags);
      });
    });
    await redis.start();
    await until(() => a.shared && b.shared, "both caches back on Redis");
    // B drops its in-process copies on its return (it may have missed invalidations). Redis came back with the
    // old entry (its append-only file), which A dropped on its return, having invalidated it during the outage.
    expect(await heardOnB).toEqual(expect.arrayContaining(["catalog", "content", "site"]));
    expect((await onB("JP")).price).toBe(90);
    expect((await onA("JP")).price).toBe(90);
  }, 60_000);

  it("readiness waits for Redis at start, and stays ready when Redis goes away later", async () => {
    const database = { ping: async () => {}, schemaCurrent: async () => true } as unknown as DatabaseHandle;
    await redis.stop();
    const health = createHealth({ database, redisUrl: redis.url });
    closers.push(async () => health.close());
    expect(await health.check()).toEqual({ ready: false, reason: "redis unavailable" });
    await redis.start();
    const deadline = Date.now() + 10_000;
    while (!(await health.check()).ready) {
      if (Date.now() > deadline) throw new Error("not ready within 10 s of Redis starting");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await health.check()).toEqual({ ready: true, redis: "up" });
    await redis.stop();
    expect(await health.check()).toEqual({ ready: true, redis: "down" });
    await redis.start();
  }, 60_000);
});
