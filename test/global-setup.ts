import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Client } from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seed } from "../db/seed/index.ts";
import { adminUrl, copyPrefix, templateDatabaseName } from "./db-names.ts";
import { TEMPLATE_INPUTS, templateKey } from "./template-key.ts";

/**
 * One migrated, seeded template database, reused by every run until its key (test/template-key.ts: migrations,
 * seed sources, lock file, hour) changes. Each test file then gets its own copy (house style: a database per
 * test worker, so tests never see each other's rows). TEST_FRESH_DB=1 builds the template afresh.
 * Two runs may start at once: each builds under a name of its own and publishes it with one atomic rename, so a
 * run only ever sees a complete template, and the loser of a tie uses the winner's.
 */
const CACHE_DIR = path.join(os.tmpdir(), "esim-test-db-templates");
// Templates of other keys are removed only once no run can still be using them (a run's key is at most an
// hour old, and a run of the whole suite takes minutes).
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

export default async function setup(project: TestProject) {
  const key = templateKey({ ...TEMPLATE_INPUTS, root: process.cwd(), now: new Date() });
  const fresh = process.env.TEST_FRESH_DB === "1";
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) return postgresTemplate(project, databaseUrl, key, fresh);

  const file = path.join(CACHE_DIR, `pglite-${key}.tar.gz`);
  if (fresh || !existsSync(file)) {
    const handle = await openDatabase({ dataDir: "memory://" });
    await handle.migrate();
    await seed(handle.db);
    const dump = await handle.dumpDataDir!();
    await handle.close();
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    pruneFiles(file);
  }
  project.provide("pgliteTemplate", file);
}

function pruneFiles(current: string) {
  for (const name of readdirSync(CACHE_DIR)) {
    const entry = path.join(CACHE_DIR, name);
    if (entry === current || !name.startsWith("pglite-")) continue;
    try {
      if (Date.now() - statSync(entry).mtimeMs > STALE_AFTER_MS) rmSync(entry, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

async function postgresTemplate(project: TestProject, databaseUrl: string, key: string, fresh: boolean) {
  const pg = (await import("pg")).default;
  const template = templateDatabaseName(key);
  const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
  await admin.connect();
  const exists = async (name: string) =>
    (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;

  if (fresh || !(await exists(template))) {
    const building = `${template}_b${process.pid}`;
    await admin.query(`drop database if exists "${building}"`);
    await admin.query(`create database "${building}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${building}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await handle.migrate();
    await seed(handle.db);
    await handle.close();
    await admin.query(`comment on database "${building}" is '${new Date().toISOString()}'`);
    if (fresh) await admin.query(`drop database if exists "${template}"`);
    try {
      await admin.query(`alter database "${building}" rename to "${template}"`);
    } catch (error) {
      // 42P04 duplicate_database: another run published the same template first; use that one.
      if ((error as { code?: string }).code !== "42P04") throw error;
      await admin.query(`drop database if exists "${building}"`);
    }
    await pruneDatabases(admin, template);
  }

  const copies = copyPrefix();
  project.provide("pgTemplate", template);
  project.provide("pgCopyPrefix", copies);
  return async () => {
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where starts_with(datname, $1) and pid <> pg_backend_pid()",
      [`${copies}_`],
    );
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${copies}_`],
    );
    for (const row of rows) await admin.query(`drop database if exists "${row.datname}"`);
    await admin.end();
  };
}

/** Drops templates of other keys made long enough ago that no run can still be copying them. */
async function pruneDatabases(admin: Client, current: string) {
  const { rows } = await admin.query<{ datname: string; made: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as made from pg_database
     where starts_with(datname, 'esim_tmpl_') and datname <> $1`,
    [current],
  );
  for (const row of rows) {
    const made = row.made ? Date.parse(row.made) : Number.NaN;
    if (Number.isNaN(made) || Date.now() - made < STALE_AFTER_MS) continue;
    await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgCopyPrefix?: string;
    pgliteTemplate?: string;
  }
}
