import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client.ts";
import { seed } from "../db/seed/index.ts";
import { adminUrl, templateDatabaseName } from "./db-names.ts";

/**
 * Builds one migrated, seeded template database per run. Each test file then gets its own copy
 * (house style: a database per test worker, so tests never see each other's rows).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const pg = (await import("pg")).default;
    const name = templateDatabaseName();
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await handle.migrate();
    await seed(handle.db);
    await handle.close();
    project.provide("pgTemplate", name);
    return async () => {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname like '${name}%' and pid <> pg_backend_pid()`,
      );
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like '${name}%'`,
      );
      for (const row of rows) await admin.query(`drop database if exists "${row.datname}"`);
      await admin.end();
    };
  }

  const handle = await openDatabase({ dataDir: "memory://" });
  await handle.migrate();
  await seed(handle.db);
  const dump = await handle.dumpDataDir!();
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-test-"));
  const file = path.join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
