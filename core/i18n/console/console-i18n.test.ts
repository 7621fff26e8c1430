import { describe, expect, it } from "vitest";
import { messageArguments } from "../format.ts";
import { consoleCatalogues, consoleMessageModules } from "./index.ts";

describe("console messages (issue 16: English and Simplified Chinese)", () => {
  it("has every key in both languages, none empty", () => {
    const keys = Object.keys(consoleCatalogues.en_US).sort();
    expect(keys.length).toBeGreaterThan(10);
    expect(Object.keys(consoleCatalogues.zh_CN).sort()).toEqual(keys);
    for (const key of keys) {
      expect(consoleCatalogues.zh_CN[key as keyof typeof consoleCatalogues.zh_CN].trim(), key).not.toBe("");
      expect(key.startsWith("console."), key).toBe(true);
    }
  });

  it("uses the same placeholders in both languages, and no key twice", () => {
    const seen = new Set<string>();
    for (const module of Object.values(consoleMessageModules)) {
      for (const [key, english] of Object.entries(module.en_US)) {
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        const names = (text: string) => messageArguments(text).sort();
        expect(names((module.zh_CN as Record<string, string>)[key] ?? ""), key).toEqual(names(english));
      }
    }
  });
});
