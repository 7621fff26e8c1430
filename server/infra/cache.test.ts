import { afterEach, describe, expect, it } from "vitest";
import { createDecodedCopies, createSharedCache, type SharedCache, trackReads } from "./cache.ts";

let cache: SharedCache;
afterEach(async () => {
  await cache?.close();
});

describe("the shared cache, in process", () => {
  it("loads once for concurrent callers and then serves the stored value", async () => {
    cache = createSharedCache();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const site = cache.define("site", {
      ttlS: 60,
      tags: () => ["site"],
      load: async (code: string) => {
        loads += 1;
        await gate;
        return { code, at: new Date("2026-01-02T03:04:05Z") };
      },
    });
    const waiting = Promise.all([site("HK"), site("HK"), site("HK")]);
    release();
    const values = await waiting;
    expect(loads).toBe(1);
    expect(values.map((value) => value.code)).toEqual(["HK", "HK", "HK"]);
    const again = await site("HK");
    expect(loads).toBe(1);
    expect(again.at).toEqual(new Date("2026-01-02T03:04:05Z"));
  });

  it("never keeps a failed load", async () => {
    cache = createSharedCache();
    let calls = 0;
    const flaky = cache.define("flaky", {
      ttlS: 60,
      tags: () => ["flaky"],
      load: async (_key: string) => {
        calls += 1;
        if (calls === 1) throw new Error("database unavailable");
        return calls;
      },
    });
    await expect(flaky("k")).rejects.toThrow("database unavailable");
    expect(await flaky("k")).toBe(2);
    expect(await flaky("k")).toBe(2);
  });

  it("drops by tag the entries that have it, in every cached function, and tells listeners", async () => {
    cache = createSharedCache();
    const version = { pages: 1, regions: 1 };
    const page = cache.define("page", {
      ttlS: 60,
      tags: (code: string) => ["content", `page:${code}`],
      load: async (code: string) => `${code}@${version.pages}`,
    });
    const regions = cache.define("regions", {
      ttlS: 60,
      tags: () => ["regions"],
      load: async (_locale: string) => version.regions,
    });
    const heard: string[][] = [];
    cache.onInvalidate((tags) => heard.push(tags));
    expect(await page("home")).toBe("home@1");
    expect(await regions("en_US")).toBe(1);
    version.pages = 2;
    version.regions = 2;
    expect(await page("home")).toBe("home@1");
    await cache.invalidate(["content"]);
    expect(await page("home")).toBe("home@2");
    expect(await regions("en_US")).toBe(1);
    expect(heard).toEqual([["content"]]);
  });

  it("tags an entry with what its value holds: a tag of the value drops it, and a tracked render notes it", async () => {
    cache = createSharedCache();
    const names = { JP: "Japan", KR: "Korea" };
    // A plan's coverage carries the covered countries' tags (ADR 0282): renaming one drops it.
    const coverage = cache.define("coverage", {
      ttlS: 60,
      tags: (code: string, countries?: { code: string; name: string }[]) => [
        `plan:${code}`,
        ...(countries ?? []).map((c) => `dest:${c.code}`),
      ],
      load: async (_code: string) => [
        { code: "JP", name: names.JP },
        { code: "KR", name: names.KR },
      ],
    });
    const read = new Set<string>();
    await trackReads(read, () => coverage("ASIA-5GB"));
    expect([...read].sort()).toEqual(["dest:JP", "dest:KR", "plan:ASIA-5GB"]);
    names.KR = "South Korea";
    await cache.invalidate(["dest:CN"]);
    expect((await coverage("ASIA-5GB"))[1]?.name).toBe("Korea");
    await cache.invalidate(["dest:KR"]);
    expect((await coverage("ASIA-5GB"))[1]?.name).toBe("South Korea");
  });
});

describe("decoded entries kept in process (ADR 0281)", () => {
  it("gives every hit the same decoded value, frozen, so no caller can change it for another", async () => {
    cache = createSharedCache();
    let loads = 0;
    const plans = cache.define("plans", {
      ttlS: 60,
      tags: () => ["catalog"],
      load: async (_code: string) => {
        loads += 1;
        return { list: [{ code: "JP-1GB", prices: [100, 200] }], at: new Date("2026-01-02T03:04:05Z") };
      },
    });
    const loaded = await plans("JP");
    const first = await plans("JP");
    const second = await plans("JP");
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect(first).toEqual(loaded);
    expect(first.at).toEqual(new Date("2026-01-02T03:04:05Z"));
    // The loaded value and the stored one are frozen through and through: a write throws.
    for (const value of [loaded, first]) {
      expect(() => {
        (value.list[0] as { code: string }).code = "KR-1GB";
      }).toThrow(TypeError);
      expect(() => value.list[0]!.prices.push(300)).toThrow(TypeError);
      expect(() => value.list[0]!.prices.reverse()).toThrow(TypeError);
    }
    expect((await plans("JP")).list[0]).toEqual({ code: "JP-1GB", prices: [100, 200] });
  });

  it("drops the decoded copy with its entry: after an invalidation the next read has the new value", async () => {
    cache = createSharedCache();
    const price = { JP: 100 };
    const plan = cache.define("plan", {
      ttlS: 60,
      tags: (code: string) => [`plan:${code}`],
      load: async (code: string) => ({ code, price: price.JP }),
    });
    await plan("JP");
    const before = await plan("JP");
    expect(before.price).toBe(100);
    price.JP = 90;
    expect(await plan("JP")).toBe(before);
    await cache.invalidate(["plan:JP"]);
    const after = await plan("JP");
    expect(after.price).toBe(90);
    expect(after).not.toBe(before);
    expect(await plan("JP")).toBe(after);
    // The old copy is unchanged for whoever still holds it.
    expect(before.price).toBe(100);
  });

  it("keeps a bounded number of copies, and a copy only for its exact text", () => {
    const copies = createDecodedCopies();
    const a = copies.deserialize('{"code":"JP"}');
    expect(copies.deserialize('{"code":"JP"}')).toBe(a);
    expect(copies.deserialize('{"code":"KR"}')).toEqual({ code: "KR" });
    expect(copies.size).toBe(2);
    copies.clear();
    expect(copies.size).toBe(0);
    expect(copies.deserialize('{"code":"JP"}')).not.toBe(a);
    for (let n = 0; n < 5_000; n += 1) copies.deserialize(`{"n":${n}}`);
    expect(copies.size).toBeLessThanOrEqual(4_096);
  });
});
