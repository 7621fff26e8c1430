import { describe, expect, it } from "vitest";
import { keptAnswers } from "./kept.ts";

describe("keptAnswers", () => {
  it("makes an answer once per key, null included, and lets the oldest go past the bound", () => {
    const made: string[] = [];
    const answer = keptAnswers<string, string | null>(2);
    const make = (key: string) => () => {
      made.push(key);
      return key === "none" ? null : key.toUpperCase();
    };
    expect(answer("a", make("a"))).toBe("A");
    expect(answer("a", make("a"))).toBe("A");
    expect(answer("none", make("none"))).toBeNull();
    expect(answer("none", make("none"))).toBeNull();
    expect(made).toEqual(["a", "none"]);
    // A third key: "a", the oldest, goes; "none" stays.
    expect(answer("b", make("b"))).toBe("B");
    expect(answer("none", make("none"))).toBeNull();
    expect(answer("a", make("a"))).toBe("A");
    expect(made).toEqual(["a", "none", "b", "a"]);
  });
});
