import { describe, expect, it } from "vitest";
import { hasMarketingCode, PARAMETER_KEY, rememberMarketingCode } from "./marketing-codes.ts";

function memoryStorage(initial?: string) {
  const values = new Map<string, string>(initial === undefined ? [] : [[PARAMETER_KEY, initial]]);
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    raw: () => values.get(PARAMETER_KEY),
  };
}

describe("rememberMarketingCode", () => {
  it("stores the code so the custom title container can find it", () => {
    const storage = memoryStorage();
    rememberMarketingCode("MKT-SUMMER-JAPAN", storage);
    expect(hasMarketingCode("MKT-SUMMER-JAPAN", storage)).toBe(true);
  });

  it("keeps the newest first without duplicates and keeps other fields", () => {
    const storage = memoryStorage(JSON.stringify({ marketingCodes: ["A", "B"], channel: "APP" }));
    rememberMarketingCode("B", storage);
    expect(JSON.parse(storage.raw() ?? "{}")).toEqual({ marketingCodes: ["B", "A"], channel: "APP" });
  });

  it("replaces a damaged stored value and caps the list at 20", () => {
    const storage = memoryStorage("{not json");
    for (let i = 0; i < 25; i++) rememberMarketingCode(`C${i}`, storage);
    const codes = JSON.parse(storage.raw() ?? "{}").marketingCodes as string[];
    expect(codes).toHaveLength(20);
    expect(codes[0]).toBe("C24");
  });
});
