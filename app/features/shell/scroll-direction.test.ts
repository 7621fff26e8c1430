import { describe, expect, it } from "vitest";
import { nextTopBarHidden } from "./scroll-direction.ts";

describe("nextTopBarHidden (spec 4)", () => {
  it("hides on scroll down and shows on scroll up", () => {
    expect(nextTopBarHidden(200, 400, false, 80)).toBe(true);
    expect(nextTopBarHidden(400, 300, true, 80)).toBe(false);
  });

  it("always shows near the top and ignores tiny movements", () => {
    expect(nextTopBarHidden(60, 70, true, 80)).toBe(false);
    expect(nextTopBarHidden(400, 402, true, 80)).toBe(true);
    expect(nextTopBarHidden(400, 398, false, 80)).toBe(false);
  });
});
