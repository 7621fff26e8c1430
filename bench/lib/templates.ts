import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Seeded PGlite data directories kept between bench runs, so that a run spends its minutes measuring rather than
 * seeding (the large catalogue takes one to two minutes on a shared machine). A template is keyed by everything
 * that decides its content: the database code (schema, migrations, seeds), the lock file (the PGlite version)
 * and the day (seeds date campaigns from today). Each run works on its own copy; BENCH_FRESH_DB=1 seeds afresh.
 * Below them, an empty initialised data directory ("initdb", keyed by the lock file only): PGlite's first start in
 * a new folder is most of the small seed's time, and the database code changes far more often than PGlite.
 */
const ROOT = path.join(os.tmpdir(), "esim-bench-db-templates");
const INPUTS = ["db", "bench/lib/prepare-db.ts", "bench/lib/shopper.ts", "package-lock.json"];
const META = "bench-prepared.json";

function walk(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => walk(path.join(entry, name)));
}

/** Seeded data: the database code, the lock file and the day. `initdb` only: the lock file (PGlite's version). */
export function templateKey(inputs: string[] = INPUTS, daily = true): string {
  const hash = createHash("sha256");
  if (daily) hash.update(new Date().toISOString().slice(0, 10));
  for (const file of inputs.flatMap(walk).sort()) {
    if (/\.test\.ts$/.test(file)) continue;
    hash.update(file);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

export function hasTemplate(key: string, name: string): boolean {
  return existsSync(path.join(ROOT, `${name}-${key}`, META));
}

/** Copies the template into `dataDir` and answers what was recorded with it, or null when there is none. */
export function restoreTemplate<T>(key: string, name: string, dataDir: string): T | null {
  const template = path.join(ROOT, `${name}-${key}`);
  const meta = path.join(template, META);
  if (!existsSync(meta)) return null;
  cpSync(template, dataDir, { recursive: true });
  return JSON.parse(readFileSync(meta, "utf8")) as T;
}

/** Keeps a copy of a freshly seeded (and closed) data directory; older templates are removed. */
export function saveTemplate(key: string, name: string, dataDir: string, prepared: unknown) {
  mkdirSync(ROOT, { recursive: true });
  const template = path.join(ROOT, `${name}-${key}`);
  for (const old of readdirSync(ROOT)) {
    if (old.startsWith(`${name}-`) && !old.startsWith(template.slice(ROOT.length + 1))) {
      rmSync(path.join(ROOT, old), { recursive: true, force: true });
    }
  }
  const partial = `${template}.partial-${process.pid}`;
  cpSync(dataDir, partial, { recursive: true });
  writeFileSync(path.join(partial, META), JSON.stringify(prepared));
  rmSync(template, { recursive: true, force: true });
  renameSync(partial, template);
}
