import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEMPLATE_INPUTS, templateKey } from "./template-key.ts";

// A small project tree laid out like ours: migrations, a seed that imports a plan module and a core rule.
let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const at = (iso: string) => templateKey({ ...TEMPLATE_INPUTS, root, now: new Date(iso) });
const key = () => at("2026-11-24T09:10:00Z");

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "template-key-"));
  write("db/migrations/0000_init.sql", "create table plans (id int);");
  write("db/migrations/meta/_journal.json", "{}");
  write("db/seed/index.ts", 'import { buildPlan } from "./plans.ts";\nexport const seed = buildPlan;');
  write(
    "db/seed/plans.ts",
    'import { LIMIT } from "../../core/limits.ts";\nexport const buildPlan = () => LIMIT;',
  );
  write("core/limits.ts", "export const LIMIT = 99;");
  write("core/unrelated.ts", "export const X = 1;");
  write("db/client.ts", "export const open = () => null;");
  write("package-lock.json", '{"lockfileVersion":3}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("test database template key", () => {
  it("stays the same when nothing that builds the template changed, so the run reuses it", () => {
    const before = key();
    write("core/unrelated.ts", "export const X = 2;");
    write("app/page.tsx", "export default null;");
    expect(key()).toBe(before);
  });

  it("changes with a new or edited migration", () => {
    const before = key();
    write("db/migrations/0001_more.sql", "alter table plans add column name text;");
    const added = key();
    expect(added).not.toBe(before);
    write("db/migrations/0000_init.sql", "create table plans (id bigint);");
    expect(key()).not.toBe(added);
  });

  it("changes with the seed and with what the seed imports", () => {
    const before = key();
    write(
      "db/seed/plans.ts",
      'import { LIMIT } from "../../core/limits.ts";\nexport const buildPlan = () => LIMIT + 1;',
    );
    const seedEdited = key();
    expect(seedEdited).not.toBe(before);
    write("core/limits.ts", "export const LIMIT = 50;");
    expect(key()).not.toBe(seedEdited);
  });

  it("changes with the lock file and with the hour (the seed's live rooms are placed around its own time)", () => {
    const before = key();
    expect(at("2026-11-24T09:59:59Z")).toBe(before);
    expect(at("2026-11-24T10:00:00Z")).not.toBe(before);
    write("package-lock.json", '{"lockfileVersion":3,"packages":{}}');
    expect(key()).not.toBe(before);
  });

  it("does not depend on where the project is checked out", () => {
    const moved = mkdtempSync(path.join(os.tmpdir(), "template-key-moved-"));
    try {
      cpSync(root, moved, { recursive: true });
      expect(templateKey({ ...TEMPLATE_INPUTS, root: moved, now: new Date("2026-11-24T09:10:00Z") })).toBe(
        key(),
      );
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });
});
