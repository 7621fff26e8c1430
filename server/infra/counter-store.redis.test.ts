import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisCounterStore } from "./counter-store.ts";
import { createRateLimiter } from "./rate-limit.ts";

const redisUrl = process.env.REDIS_URL;

// Runs when REDIS_URL is set (contributing: *.redis.test.ts).
describe.skipIf(!redisUrl)("Redis counter store", () => {
  const prefix = `esim:test:${randomUUID()}:`;
  const store = redisUrl ? createRedisCounterStore(redisUrl, prefix) : null;
  afterAll(async () => {
    await store?.close();
  });

  it("counts atomically across concurrent increments and sets the window's expiry", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => store!.increment("burst", 5_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(results.every((r) => r.resetInMs > 0 && r.resetInMs <= 5_000)).toBe(true);
  });

  it("starts a new window after expiry", async () => {
    await store!.increment("short", 50);
    await store!.increment("short", 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect((await store!.increment("short", 50)).count).toBe(1);
  });

  it("backs the rate limiter so every instance shares one count", async () => {
    // Two instances: each with its own connection, sharing the counters.
    const second = createRedisCounterStore(redisUrl!, prefix);
    const a = createRateLimiter(store!);
    const b = createRateLimiter(second);
    const subject = randomUUID();
    for (let i = 0; i < 5; i++) await a.hit("loginAccount", subject);
    for (let i = 0; i < 5; i++) await b.hit("loginAccount", subject);
    await expect(a.hit("loginAccount", subject)).rejects.toMatchObject({ status: 429 });
    await a.reset("loginAccount", subject);
    await expect(a.hit("loginAccount", subject)).resolves.toBeUndefined();
    await second.close();
  });
});
