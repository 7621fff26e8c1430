import { describe, expect, it } from "vitest";
import { isPassword } from "../../../core/validation.ts";
import { passwordRuleStates } from "./password-rules.ts";

describe("live password feedback (spec 5)", () => {
  it("reports each part of the rule", () => {
    expect(passwordRuleStates("")).toEqual({ length: false, letter: false, digit: false, special: false });
    expect(passwordRuleStates("abc1")).toEqual({ length: false, letter: true, digit: true, special: false });
    expect(passwordRuleStates("Trav3l!ng-eSIM")).toEqual({
      length: true,
      letter: true,
      digit: true,
      special: true,
    });
    expect(passwordRuleStates("a1!".repeat(7)).length).toBe(false);
  });

  it("agrees with the full pattern when every part is met", () => {
    for (const candidate of ["Trav3l!ng", "abcdefg1#", "12345678a.", "Pass word1!"]) {
      const states = passwordRuleStates(candidate);
      const allMet = Object.values(states).every(Boolean);
      if (isPassword(candidate)) expect(allMet).toBe(true);
    }
  });
});
