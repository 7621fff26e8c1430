import { describe, expect, it } from "vitest";
import { currentStep, stepState } from "./step-state.ts";

describe("stepState (spec 4 step group)", () => {
  it("finishes the steps before the current one, processes it and waits after it", () => {
    expect([0, 1, 2, 3].map((index) => stepState(index, 2))).toEqual(["finish", "finish", "process", "wait"]);
    expect([0, 1, 2].map((index) => stepState(index, 0))).toEqual(["process", "wait", "wait"]);
  });

  it("finishes every step once the current one is past the last", () => {
    expect([0, 1, 2].map((index) => stepState(index, 3))).toEqual(["finish", "finish", "finish"]);
  });
});

describe("currentStep", () => {
  it("reads a 1-based step within range", () => {
    expect(currentStep("1", 4, 2)).toBe(0);
    expect(currentStep("4", 4, 2)).toBe(3);
  });

  it("falls back on a missing, malformed or out-of-range step", () => {
    for (const raw of [null, "", "0", "5", "-1", "2.5", "abc", "1e1", "999"]) {
      expect(currentStep(raw, 4, 2), String(raw)).toBe(2);
    }
  });
});
