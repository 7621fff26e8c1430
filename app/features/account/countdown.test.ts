import { describe, expect, it } from "vitest";
import { revealDigits } from "../../../server/modules/captcha/obfuscation.ts";
import { obfuscateDigits } from "./captcha-digits.ts";
import { codeInterval, DEFAULT_CODE_INTERVAL_S, secondsLeft } from "./countdown.ts";

describe("code countdown (spec 4, 9)", () => {
  it("uses the returned interval, else 60 s", () => {
    expect(codeInterval(30)).toBe(30);
    expect(codeInterval("45")).toBe(45);
    expect(codeInterval(undefined)).toBe(DEFAULT_CODE_INTERVAL_S);
    expect(codeInterval(0)).toBe(60);
    expect(codeInterval("x")).toBe(60);
  });

  it("counts whole seconds down to zero", () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});

describe("captcha digit obfuscation (spec 5, ADR 0064)", () => {
  it("is undone by the server's revealDigits", () => {
    expect(obfuscateDigits("1234", "9999")).toBe("0123");
    expect(revealDigits(obfuscateDigits("5071", "3829"), "3829")).toBe("5071");
  });
});
