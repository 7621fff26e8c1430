import { describe, expect, it } from "vitest";
import { loginPauseMs } from "./login-slowing.ts";

// ADR 0187: five free attempts per account, then a pause that doubles from 250 ms up to the cap.
describe("loginPauseMs", () => {
  it("does not slow the first five attempts", () => {
    for (let attempt = 1; attempt <= 5; attempt++) expect(loginPauseMs(attempt, 4000)).toBe(0);
  });

  it("doubles from 250 ms and stops at the cap, however long the attack goes on", () => {
    expect([6, 7, 8, 9, 10, 11].map((attempt) => loginPauseMs(attempt, 4000))).toEqual([
      250, 500, 1000, 2000, 4000, 4000,
    ]);
    expect(loginPauseMs(10_000, 4000)).toBe(4000);
    expect(loginPauseMs(8, 0)).toBe(0);
  });
});
