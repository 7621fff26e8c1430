import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_KEY,
  isChunkLoadError,
  reloadForChunkFailure,
  shouldReloadForChunk,
  whileReloading,
} from "./chunk-reload.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("chunk reload guard (spec 2: once, guard 10 s)", () => {
  it("reloads when there was no reload in the last 10 s", () => {
    expect(shouldReloadForChunk(null, 50_000)).toBe(true);
    expect(shouldReloadForChunk(30_000, 50_000)).toBe(true);
    expect(shouldReloadForChunk(45_000, 50_000)).toBe(false);
  });

  it("reloads once, then refuses a second time within the window", () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadForChunkFailure(storage, () => reloads++)).toBe(true);
    expect(storage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    expect(reloadForChunkFailure(storage, () => reloads++)).toBe(false);
    expect(reloads).toBe(1);
  });

  it("recognises failed dynamic imports", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
});

describe("whileReloading (a lazy import whose chunk failed while the page reloads)", () => {
  it("passes a loaded module through", async () => {
    await expect(whileReloading(Promise.resolve({ Dialog: "module" }))).resolves.toEqual({
      Dialog: "module",
    });
  });

  it("stays pending when the failure was taken over by the reload, so nothing renders a missing module", async () => {
    const pending = Symbol("pending");
    const winner = await Promise.race([
      whileReloading(Promise.resolve(undefined)),
      new Promise((resolve) => setTimeout(() => resolve(pending), 20)),
    ]);
    expect(winner).toBe(pending);
  });

  it("still rejects a failure nobody took over", async () => {
    await expect(whileReloading(Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
