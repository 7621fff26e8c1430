import { parse as noParser } from "@formatjs/icu-messageformat-parser/no-parser.js";
import { IntlMessageFormat } from "intl-messageformat";
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES } from "../constants.ts";
import { compiledOf, FEATURE_MESSAGE_BUNDLES, messagesOf, SHELL_MESSAGE_MODULES } from "./index.ts";

/**
 * ADR 0247: the browser build has no ICU parser. Every message with ICU arguments that a page's loaders send must
 * come with its syntax tree, and formatting from that tree alone must give what the server gives from the text.
 */
const withParser = IntlMessageFormat.__parse;
afterEach(() => {
  IntlMessageFormat.__parse = withParser;
});

const LISTS = [SHELL_MESSAGE_MODULES, ...Object.values(FEATURE_MESSAGE_BUNDLES)];
const SAMPLE = { count: 2, total: 3, days: 1, kind: "other", status: "x", n: 1, value: 5 };

describe("precompiled ICU messages (ADR 0247)", () => {
  it("sends a syntax tree for every message with ICU arguments, in every locale and bundle", () => {
    let icu = 0;
    for (const locale of LOCALES) {
      for (const names of LISTS) {
        const trees = compiledOf(locale, names);
        for (const text of Object.values(messagesOf(locale, names))) {
          if (!text || !/\{\s*\w+\s*,/.test(text)) continue;
          icu++;
          expect(trees[text], text).toBeDefined();
        }
      }
    }
    expect(icu).toBeGreaterThan(0);
  });

  it("formats from the tree without a parser exactly as the server does from the text", () => {
    const trees = compiledOf("en_US", SHELL_MESSAGE_MODULES);
    const texts = Object.keys(trees);
    expect(texts.length).toBeGreaterThan(0);
    const expected = texts.map((text) =>
      new IntlMessageFormat(text, "en-US", undefined, { ignoreTag: true }).format(SAMPLE),
    );
    IntlMessageFormat.__parse = noParser as unknown as typeof IntlMessageFormat.__parse;
    // Without a parser, text alone fails: the browser would show nothing without the trees.
    expect(() => new IntlMessageFormat(texts[0]!, "en-US")).toThrow();
    const fromTrees = texts.map((text) =>
      new IntlMessageFormat(trees[text]!, "en-US", undefined, { ignoreTag: true }).format(SAMPLE),
    );
    expect(fromTrees).toEqual(expected);
    expect(fromTrees.join(" ")).toContain("2");
  });
});
