import { describe, expect, it } from "vitest";
import { cutNickname } from "./nickname.ts";

describe("cutNickname (spec 6)", () => {
  it("keeps names of up to 6 characters", () => {
    expect(cutNickname("Alice")).toBe("Alice");
    expect(cutNickname("Travel")).toBe("Travel");
    expect(cutNickname("王小明")).toBe("王小明");
  });

  it("cuts longer names to 6 characters plus an ellipsis", () => {
    expect(cutNickname("Alexandra")).toBe("Alexan…");
    expect(cutNickname("欧阳娜娜的旅行日记")).toBe("欧阳娜娜的旅…");
  });

  it("never splits an emoji or a flag", () => {
    expect(cutNickname("👨‍👩‍👧‍👦🇯🇵🇰🇷abcdef")).toBe("👨‍👩‍👧‍👦🇯🇵🇰🇷abc…");
    expect(cutNickname("ab👍🏽cdef")).toBe("ab👍🏽cde…");
  });
});
