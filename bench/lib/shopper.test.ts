import { describe, expect, it } from "vitest";
import { greetsBenchShopper } from "./shopper.ts";

describe("the bench's signed-in check", () => {
  it("finds the shopper's name in the account menu's label, isolated in its own element", () => {
    expect(
      greetsBenchShopper('<a aria-label="x">Account menu for <span><bdi>Bench Shopper</bdi></span></a>'),
    ).toBe(true);
    expect(greetsBenchShopper("<a>Account menu for <!-- --><bdi>Bench Shopper</bdi></a>")).toBe(true);
    expect(greetsBenchShopper("<a>Sign in</a>")).toBe(false);
    expect(greetsBenchShopper("<a>Account menu for <bdi>Someone Else</bdi></a>")).toBe(false);
  });
});
