import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createSharedCache, type SharedCache } from "./cache.ts";

const redisUrl = process.env.REDIS_URL;
const instances: SharedCache[] = [];
afterEach(async () => {
  for (const cache of instances.splice(0)) await cache.close();
});

// ADR 0281: each instance keeps its decoded, frozen copy of an entry read from Redis; an invalidation on one
// instance drops the entry in Redis and, through the channel, the other instance's copies.
describe.skipIf(!redisUrl)("decoded entries across instances (Redis)", () => {
  it("serves a frozen copy on each instance and the new value on both after one invalidates", async () => {
    const namespace = `roamly-test-${randomUUID()}`;
    const price = { JP: 100 };
    const define = (cache: SharedCache) =>
      cache.define("plan", {
        ttlS: 60,
        tags: (code: string) => [`plan:${code}`],
        load: async (code: string) => ({ code, prices: [price.JP], at: new Date("2026-01-02T03:04:05Z") }),
      });
    const a = createSharedCache({ redisUrl, namespace });
    const b = createSharedCache({ redisUrl, namespace });
    instances.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    const onA = define(a);
    const onB = define(b);

    await onA("JP");
    const held = await onB("JP"); // from Redis
    expect(held).toEqual({ code: "JP", prices: [100], at: new Date("2026-01-02T03:04:05Z") });
    expect(await onB("JP")).toBe(held);
    expect(() => held.prices.push(1)).toThrow(TypeError);

    price.JP = 90;
    const heardOnB = new Promise<string[]>((resolve) => {
      const stop = b.onInvalidate((tags) => {
        stop();
        resolve(tags);
      });
    });
    await a.invalidate(["plan:JP"]);
    expect(await heardOnB).toEqual(["plan:JP"]);
    const fresh = await onB("JP");
    expect(fresh.prices).toEqual([90]);
    expect(fresh).not.toBe(held);
    expect((await onA("JP")).prices).toEqual([90]);
  });
});
