import { describe, expect, it } from "vitest";
import { addToHistory, clearHistory, HISTORY_LIMIT, historyKey, readHistory } from "./history.ts";

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe("search history (spec 3, 9)", () => {
  it("is kept per kind and per login name, 'unknown' for visitors", () => {
    expect(historyKey("product", null)).toBe("searchHistory:product:unknown");
    expect(historyKey("product", "amy@example.com")).toBe("searchHistory:product:amy@example.com");
    expect(historyKey("order", "")).toBe("searchHistory:order:unknown");
    const storage = memoryStorage();
    addToHistory(storage, historyKey("product", null), "japan");
    expect(readHistory(storage, historyKey("product", "amy"))).toEqual([]);
    expect(readHistory(storage, historyKey("order", null))).toEqual([]);
  });

  it("keeps the newest first, without repeats, at most 10", () => {
    const storage = memoryStorage();
    const key = historyKey("product", null);
    for (let i = 1; i <= 12; i++) addToHistory(storage, key, `q${i}`);
    expect(readHistory(storage, key)).toHaveLength(HISTORY_LIMIT);
    expect(readHistory(storage, key)[0]).toBe("q12");
    addToHistory(storage, key, " Q5 ");
    const list = readHistory(storage, key);
    expect(list[0]).toBe("Q5");
    expect(list.filter((entry) => entry.toLowerCase() === "q5")).toHaveLength(1);
    expect(addToHistory(storage, key, "   ")).toEqual(list);
  });

  it("survives damaged storage and clears", () => {
    const storage = memoryStorage();
    const key = historyKey("product", null);
    storage.setItem(key, "{not json");
    expect(readHistory(storage, key)).toEqual([]);
    storage.setItem(key, JSON.stringify(["a", 3, null, "b"]));
    expect(readHistory(storage, key)).toEqual(["a", "b"]);
    clearHistory(storage, key);
    expect(readHistory(storage, key)).toEqual([]);
  });
});
