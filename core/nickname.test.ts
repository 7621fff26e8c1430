import { describe, expect, it } from "vitest";
import { graphemes, shortNickname } from "./nickname.ts";

describe("shortNickname (spec 6: cut to 6 characters plus an ellipsis)", () => {
  it.each([
    ["Alice", "Alice"],
    ["Alexand", "Alexan…"],
    ["Alexander", "Alexan…"],
    ["旅行者小明", "旅行者小明"],
    ["环球旅行者小明", "环球旅行者小…"],
    ["😀😀😀😀😀😀", "😀😀😀😀😀😀"],
    ["😀😀😀😀😀😀😀", "😀😀😀😀😀😀…"],
    ["👨‍👩‍👧‍👦👍🏽🇭🇰ab小c", "👨‍👩‍👧‍👦👍🏽🇭🇰ab小…"],
    ["e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301", "e\u0301e\u0301e\u0301e\u0301e\u0301e\u0301…"],
    ["  Bob  ", "Bob"],
    ["Tom   Jerry", "Tom…"],
    ["", ""],
  ])("%j becomes %j", (name, expected) => {
    expect(shortNickname(name)).toBe(expected);
  });

  it("handles a missing nickname and a custom length", () => {
    expect(shortNickname(null)).toBe("");
    expect(shortNickname(undefined)).toBe("");
    expect(shortNickname("abcdef", 3)).toBe("abc…");
  });

  it("never splits a surrogate pair or a joined emoji", () => {
    const family = "👨‍👩‍👧‍👦";
    expect(graphemes(`${family}x`)).toEqual([family, "x"]);
    for (const part of graphemes(shortNickname(`${family.repeat(7)}`))) {
      expect([family, "…"]).toContain(part);
    }
  });
});
