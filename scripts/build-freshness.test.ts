import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_SOURCES, buildState } from "./build-freshness.ts";

// `npm start` builds when the build is missing or stale (issue 2). Times are set explicitly, never read from the
// clock, so the order of events is exact.
let root: string;
const T0 = new Date("2026-01-01T00:00:00Z");
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

function file(relative: string, at: Date) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, "x");
  utimesSync(full, at, at);
  // Directories take the time of their newest entry here, so only files decide.
  for (let dir = path.dirname(full); dir !== root; dir = path.dirname(dir)) utimesSync(dir, T0, T0);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "build-freshness-"));
  file("app/root.tsx", T0);
  file("core/money.ts", T0);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("buildState", () => {
  it("is missing without a build", () => {
    expect(buildState("build", root)).toBe("missing");
  });

  it("is fresh when the build is newer than every source", () => {
    file("build/server/index.js", later(10));
    expect(buildState("build", root)).toBe("fresh");
  });

  it.each([
    "app/routes/home.tsx",
    "core/constants.ts",
    "public/favicon.svg",
    "server/modules/order/routes.ts",
    "db/schema/content-document.ts",
    "vite.config.ts",
    "package-lock.json",
  ])("is stale after %s changes", (source) => {
    file("build/server/index.js", later(10));
    file(source, later(20));
    expect(buildState("build", root)).toBe("stale");
  });

  it("reads the build directory it is given (BUILD_DIR)", () => {
    file("build-other/server/index.js", later(10));
    expect(buildState("build", root)).toBe("missing");
    expect(buildState("build-other", root)).toBe("fresh");
  });

  it("ignores what is not a source: tests output, data, dependencies", () => {
    file("build/server/index.js", later(10));
    file(".data/pglite/PG_VERSION", later(20));
    file("test-results/last-run.json", later(20));
    file("server/node_modules/x/index.js", later(20));
    expect(buildState("build", root)).toBe("fresh");
    expect(BUILD_SOURCES).not.toContain("e2e");
  });
});
