import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as ids from "../core/ids.ts";

// Issue 33 item 3: an ID's pattern is spelled once, in core/ids.ts; every route, form, service and page reads
// it from there. A copy elsewhere (the ICCID once disagreed in three places) fails here.

const ROOT = join(import.meta.dirname, "..");
const SOURCE_DIRS = ["server", "core", "app", "db", "scripts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every pattern core/ids.ts exports, as its text with and without the anchors. */
const spellings = [
  ...new Set(
    Object.entries(ids)
      .filter((entry): entry is [string, RegExp] => entry[1] instanceof RegExp)
      .flatMap(([, pattern]) => [pattern.source, pattern.source.replace(/^\^/, "").replace(/\$$/, "")]),
  ),
];

describe("ID patterns", () => {
  it("has the contracts to look for", () => {
    expect(spellings).toEqual(
      expect.arrayContaining([ids.PLAN_CODE_BODY, ids.INVITE_CODE_PATTERN.source, ids.ICCID_PATTERN.source]),
    );
  });

  it("are spelled only in core/ids.ts", () => {
    const copies = SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .filter((path) => relative(ROOT, path) !== join("core", "ids.ts"))
      .flatMap((path) => {
        const text = readFileSync(path, "utf8");
        return spellings
          .filter((spelling) => text.includes(spelling))
          .map((s) => `${relative(ROOT, path)}: ${s}`);
      });
    expect(copies).toEqual([]);
  });

  it("take an invite code of 4 to 16 capital letters and digits", () => {
    expect(ids.isInviteCode("AB12")).toBe(true);
    expect(ids.isInviteCode("ab12")).toBe(false);
    expect(ids.isInviteCode("A".repeat(17))).toBe(false);
    expect(ids.isInviteCode(undefined)).toBe(false);
  });
});
