import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rule.ts";

describe("password rule (spec 5, 9)", () => {
  it("needs 8 to 20 characters with a letter, a digit and a special character", () => {
    expect(passwordProblem("Trav3l!ng-eSIM")).toBeNull();
    expect(passwordProblem("short1!")).toBe("account.passwordRule");
    expect(passwordProblem("nodigits!!")).toBe("account.passwordRule");
    expect(passwordProblem("nospecial123")).toBe("account.passwordRule");
    expect(passwordProblem("12345678!!")).toBe("account.passwordRule");
    expect(passwordProblem("Aa1!Aa1!Aa1!Aa1!Aa1!x")).toBe("account.passwordRule");
  });

  it("refuses common passwords and their usual disguises", () => {
    for (const common of ["P@ssw0rd!", "Password123!", "Qwerty@123", "iloveyou1!", "Admin@123"]) {
      expect(passwordProblem(common), common).toBe("account.passwordCommon");
    }
  });
});
