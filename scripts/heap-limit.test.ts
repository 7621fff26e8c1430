import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_OLD_SPACE_MB, heapLimitFlag } from "./heap-limit.ts";

const PG = { DATABASE_URL: "postgres://db/store" };
const DEFAULT_FLAG = `--max-old-space-size=${DEFAULT_MAX_OLD_SPACE_MB}`;

describe("heapLimitFlag (ADR 0145)", () => {
  it("sizes the old space on PostgreSQL by default, or as MAX_OLD_SPACE_MB says", () => {
    expect(heapLimitFlag(PG, [])).toBe(DEFAULT_FLAG);
    expect(heapLimitFlag({ ...PG, MAX_OLD_SPACE_MB: " " }, [])).toBe(DEFAULT_FLAG);
    expect(heapLimitFlag({ ...PG, MAX_OLD_SPACE_MB: "512" }, [])).toBe("--max-old-space-size=512");
    expect(heapLimitFlag({ ...PG, MAX_OLD_SPACE_MB: "0" }, [])).toBeNull();
  });

  it("leaves PGlite's heap to V8 unless told, since the database lives in it", () => {
    expect(heapLimitFlag({}, [])).toBeNull();
    expect(heapLimitFlag({ DATABASE_URL: "" }, [])).toBeNull();
    expect(heapLimitFlag({ MAX_OLD_SPACE_MB: "512" }, [])).toBe("--max-old-space-size=512");
  });

  it("leaves a limit the operator already gave alone", () => {
    expect(heapLimitFlag({ ...PG, NODE_OPTIONS: "--max-old-space-size=1024" }, [])).toBeNull();
    expect(
      heapLimitFlag({ ...PG, NODE_OPTIONS: "--enable-source-maps --max-old-space-size 300" }, []),
    ).toBeNull();
    expect(heapLimitFlag({ ...PG, MAX_OLD_SPACE_MB: "512" }, ["--max-old-space-size=256"])).toBeNull();
    // Other options do not count as a limit.
    expect(heapLimitFlag({ ...PG, NODE_OPTIONS: "--max-semi-space-size=16" }, [])).toBe(DEFAULT_FLAG);
  });

  it("refuses a value that cannot be meant", () => {
    expect(() => heapLimitFlag({ MAX_OLD_SPACE_MB: "192MB" }, [])).toThrow(/MAX_OLD_SPACE_MB/);
    expect(() => heapLimitFlag({ MAX_OLD_SPACE_MB: "16" }, [])).toThrow(/≥ 96/);
  });
});
