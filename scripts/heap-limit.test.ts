import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_OLD_SPACE_MB, heapLimitFlag } from "./heap-limit.ts";

describe("heapLimitFlag (ADR 0145)", () => {
  it("sizes the old space by default, or as MAX_OLD_SPACE_MB says", () => {
    expect(heapLimitFlag({}, [])).toBe(`--max-old-space-size=${DEFAULT_MAX_OLD_SPACE_MB}`);
    expect(heapLimitFlag({ MAX_OLD_SPACE_MB: "512" }, [])).toBe("--max-old-space-size=512");
    expect(heapLimitFlag({ MAX_OLD_SPACE_MB: " " }, [])).toBe(
      `--max-old-space-size=${DEFAULT_MAX_OLD_SPACE_MB}`,
    );
    expect(heapLimitFlag({ MAX_OLD_SPACE_MB: "0" }, [])).toBeNull();
  });

  it("leaves a limit the operator already gave alone", () => {
    expect(heapLimitFlag({ NODE_OPTIONS: "--max-old-space-size=1024" }, [])).toBeNull();
    expect(heapLimitFlag({ NODE_OPTIONS: "--enable-source-maps --max-old-space-size 300" }, [])).toBeNull();
    expect(heapLimitFlag({ MAX_OLD_SPACE_MB: "512" }, ["--max-old-space-size=256"])).toBeNull();
    // Other options do not count as a limit.
    expect(heapLimitFlag({ NODE_OPTIONS: "--max-semi-space-size=16" }, [])).toBe(
      `--max-old-space-size=${DEFAULT_MAX_OLD_SPACE_MB}`,
    );
  });

  it("refuses a value that cannot be meant", () => {
    expect(() => heapLimitFlag({ MAX_OLD_SPACE_MB: "192MB" }, [])).toThrow(/MAX_OLD_SPACE_MB/);
    expect(() => heapLimitFlag({ MAX_OLD_SPACE_MB: "16" }, [])).toThrow(/≥ 96/);
  });
});
