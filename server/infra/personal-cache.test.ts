import { afterEach, describe, expect, it } from "vitest";
import { createSharedCache, type SharedCache } from "./cache.ts";
import { createPersonalCache, isPersonalTag, PERSONAL_TAGS } from "./personal-cache.ts";

/** A load that waits until released, so a test can change the data while it runs. */
function deferred<V>() {
  let release!: (value: V) => void;
  const promise = new Promise<V>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe("the per-shopper cache (ADR 0283)", () => {
  let shared: SharedCache;
  afterEach(async () => {
    await shared?.close();
  });

  function cache(options: { ttlMs?: number; max?: number; settleMs?: number; now?: () => number } = {}) {
    shared = createSharedCache({ namespace: `personal-${Math.random()}` });
    return createPersonalCache<string, { id: string; name: string; expiresAt?: number }>(shared, {
      ttlMs: options.ttlMs ?? 10_000,
      max: options.max ?? 100,
      settleMs: options.settleMs ?? 5_000,
      tags: (value) => [PERSONAL_TAGS.customer(value.id)],
      expiresAt: (value) => value.expiresAt ?? Number.POSITIVE_INFINITY,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  it("loads once for concurrent callers and keeps the value, never a null", async () => {
    const kept = cache();
    let loads = 0;
    const load = async (id: string) => {
      loads += 1;
      return id === "nobody" ? null : { id, name: `name ${loads}` };
    };
    const [a, b] = await Promise.all([kept.get("ann", load), kept.get("ann", load)]);
    expect(a).toEqual({ id: "ann", name: "name 1" });
    expect(b).toBe(a);
    expect(await kept.get("ann", load)).toEqual({ id: "ann", name: "name 1" });
    expect(loads).toBe(1);
    expect(await kept.get("nobody", load)).toBeNull();
    expect(await kept.get("nobody", load)).toBeNull();
    expect(loads).toBe(3);
  });

  it("drops only the invalidated shopper's entries, through the shared cache's channel too", async () => {
    let clock = 0;
    const kept = cache({ now: () => clock });
    let version = 1;
    const load = async (id: string) => ({ id, name: `${id} v${version}` });
    await kept.get("ann", load);
    await kept.get("bob", load);
    version = 2;
    clock = 10;
    kept.invalidate([PERSONAL_TAGS.customer("ann")]);
    clock = 6_000;
    expect((await kept.get("ann", load))?.name).toBe("ann v2");
    expect((await kept.get("bob", load))?.name).toBe("bob v1");
    // Another instance's invalidation arrives as the shared cache's notice.
    version = 3;
    await shared.invalidate([PERSONAL_TAGS.customer("bob")]);
    clock = 12_000;
    expect((await kept.get("bob", load))?.name).toBe("bob v3");
  });

  it("a caller after an invalidation never gets a load that began before it", async () => {
    const kept = cache();
    const before = deferred<{ id: string; name: string }>();
    const first = kept.get("ann", () => before.promise);
    kept.invalidate([PERSONAL_TAGS.customer("ann")]);
    const second = kept.get("ann", async (id) => ({ id, name: "after" }));
    before.release({ id: "ann", name: "before" });
    expect((await first)?.name).toBe("before");
    expect((await second)?.name).toBe("after");
    // Neither was kept: the first raced the change, the second came while it settles.
    expect(kept.size).toBe(0);
  });

  it("keeps nothing of a changed shopper until the change settles, then keeps again", async () => {
    let clock = 1_000;
    const kept = cache({ now: () => clock, settleMs: 5_000 });
    let loads = 0;
    const load = async (id: string) => {
      loads += 1;
      return { id, name: "x" };
    };
    kept.invalidate([PERSONAL_TAGS.customer("ann")]);
    await kept.get("ann", load);
    await kept.get("ann", load);
    expect(loads).toBe(2);
    clock += 5_001;
    await kept.get("ann", load);
    await kept.get("ann", load);
    expect(loads).toBe(3);
  });

  it("an entry goes at its own expiry or after the time to live, whichever comes first", async () => {
    let clock = 0;
    const kept = cache({ now: () => clock, ttlMs: 10_000 });
    let loads = 0;
    const load = async (id: string) => {
      loads += 1;
      return { id, name: "x", expiresAt: id === "short" ? 2_000 : undefined };
    };
    await kept.get("short", load);
    await kept.get("long", load);
    clock = 1_999;
    await kept.get("short", load);
    expect(loads).toBe(2);
    clock = 2_000;
    await kept.get("short", load);
    expect(loads).toBe(3);
    clock = 9_999;
    await kept.get("long", load);
    expect(loads).toBe(3);
    clock = 10_000;
    await kept.get("long", load);
    expect(loads).toBe(4);
  });

  it("holds at most `max` entries, dropping the oldest, and `all` drops every one", async () => {
    const kept = cache({ max: 2 });
    const load = async (id: string) => ({ id, name: id });
    await kept.get("a", load);
    await kept.get("b", load);
    await kept.get("c", load);
    expect(kept.size).toBe(2);
    kept.invalidate([PERSONAL_TAGS.all]);
    expect(kept.size).toBe(0);
  });

  it("its tags are told apart from the shop's, which the HTML cache acts on", () => {
    expect(isPersonalTag(PERSONAL_TAGS.session("s"))).toBe(true);
    expect(isPersonalTag(PERSONAL_TAGS.notices("c"))).toBe(true);
    expect(isPersonalTag("catalog")).toBe(false);
    expect(isPersonalTag("content")).toBe(false);
  });
});
