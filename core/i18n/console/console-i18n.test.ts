import { parse as noParser } from "@formatjs/icu-messageformat-parser/no-parser.js";
import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, it, vi } from "vitest";
import { messageArguments } from "../format.ts";
import {
  CONSOLE_LANGUAGES,
  type ConsoleMessageKey,
  consoleCatalogues,
  consoleCompiled,
  consoleMessageModules,
  consoleTranslate,
} from "./index.ts";

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

describe("console plurals in the browser (ADR 0247: the browser build has no ICU parser)", () => {
  const withParser = IntlMessageFormat.__parse;
  afterEach(() => {
    IntlMessageFormat.__parse = withParser;
    vi.resetModules();
  });

  it("sends a tree for every message with ICU arguments, and formats from it as the server does from the text", async () => {
    for (const language of CONSOLE_LANGUAGES) {
      const messages = consoleCatalogues[language];
      const icu = Object.entries(messages).filter(([, text]) => /\{\s*\w+\s*,/.test(text));
      // The console's root sends the trees through the loader: JSON, as the browser receives them.
      const sent = JSON.parse(JSON.stringify(consoleCompiled(language)));
      for (const [key, text] of icu) expect(sent[text], key).toBeDefined();
      const expected = icu.map(([key]) =>
        consoleTranslate(messages, key as ConsoleMessageKey, { count: 1 }, language),
      );

      // A fresh formatter with no parser, as in the browser's build.
      vi.resetModules();
      IntlMessageFormat.__parse = noParser as unknown as typeof IntlMessageFormat.__parse;
      const browser = await import("./index.ts");
      const { provideCompiled } = await import("../format.ts");
      const [firstKey] = icu[0] ?? [];
      if (firstKey)
        expect(() =>
          browser.consoleTranslate(messages, firstKey as ConsoleMessageKey, { count: 1 }, language),
        ).toThrow();
      provideCompiled(sent);
      const fromTrees = icu.map(([key]) =>
        browser.consoleTranslate(messages, key as ConsoleMessageKey, { count: 1 }, language),
      );
      expect(fromTrees).toEqual(expected);
      IntlMessageFormat.__parse = withParser;
    }
    expect(consoleTranslate(consoleCatalogues.en_US, "console.plans.unmappedTitle", { count: 1 })).toBe(
      "1 plan on sale has no supplier package",
    );
    expect(consoleTranslate(consoleCatalogues.en_US, "console.plans.unmappedTitle", { count: 3 })).toBe(
      "3 plans on sale have no supplier package",
    );
  });
});
