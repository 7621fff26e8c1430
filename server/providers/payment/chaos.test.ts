import { describe, expect, it } from "vitest";
import { DEVELOPMENT_CHAOS, parseSandboxChaos } from "./chaos.ts";

describe("PAYMENT_SANDBOX_CHAOS", () => {
  it("unset: some duplicates and reversals in development, none in tests or production", () => {
    expect(parseSandboxChaos("", "development")).toEqual({ duplicate: 0.2, outOfOrder: 0.2 });
    expect(DEVELOPMENT_CHAOS.duplicate).toBeGreaterThan(0);
    expect(parseSandboxChaos("", "test")).toEqual({ duplicate: 0, outOfOrder: 0 });
    expect(parseSandboxChaos("  ", "production")).toEqual({ duplicate: 0, outOfOrder: 0 });
  });

  it("a name alone is always, a rate is a probability, none is off even in development", () => {
    expect(parseSandboxChaos("duplicate,out-of-order", "test")).toEqual({ duplicate: 1, outOfOrder: 1 });
    expect(parseSandboxChaos("out-of-order", "development")).toEqual({ duplicate: 0, outOfOrder: 1 });
    expect(parseSandboxChaos("duplicate=0.25, out-of-order = 0.5", "production")).toEqual({
      duplicate: 0.25,
      outOfOrder: 0.5,
    });
    expect(parseSandboxChaos("duplicate=1.0,out-of-order=0", "test")).toEqual({
      duplicate: 1,
      outOfOrder: 0,
    });
    expect(parseSandboxChaos("none", "development")).toEqual({ duplicate: 0, outOfOrder: 0 });
  });

  it("refuses an unknown name or a rate outside 0 to 1, saying what it expected", () => {
    for (const bad of ["duplicates", "duplicate=2", "duplicate=-0.1", "out-of-order=half", "duplicate,,"])
      expect(() => parseSandboxChaos(bad, "development"), bad).toThrow(/PAYMENT_SANDBOX_CHAOS: .* or none$/);
  });
});
