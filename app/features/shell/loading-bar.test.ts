import { describe, expect, it } from "vitest";
import { nextLoadingPhase } from "./loading-bar.ts";

describe("nextLoadingPhase (spec 4)", () => {
  it("runs wait → process → done → wait", () => {
    expect(nextLoadingPhase("wait", "started")).toBe("process");
    expect(nextLoadingPhase("process", "finished")).toBe("done");
    expect(nextLoadingPhase("done", "settled")).toBe("wait");
  });

  it("ends in fail when the navigation fails", () => {
    expect(nextLoadingPhase("process", "failed")).toBe("fail");
    expect(nextLoadingPhase("fail", "settled")).toBe("wait");
  });

  it("never shows done for a navigation that ended before the start delay", () => {
    expect(nextLoadingPhase("wait", "finished")).toBe("wait");
    expect(nextLoadingPhase("wait", "failed")).toBe("wait");
  });
});
