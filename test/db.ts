import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { adminUrl } from "./db-names.ts";

/**
 * A fresh copy of the migrated, seeded template: PGlite in memory by default, or a new database on the
 * PostgreSQL server at DATABASE_URL (.ci/run). Close it in afterAll.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL;
  const pgTemplate = inject("pgTemplate");
  const pgCopyPrefix = inject("pgCopyPrefix");
  if (databaseUrl && pgTemplate && pgCopyPrefix) {
    const pg = (await import("pg")).default;
    const name = `${pgCopyPrefix}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${pgTemplate}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    return openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  }
  const templateFile = inject("pgliteTemplate");
  if (!templateFile) throw new Error("test/global-setup.ts did not provide a template database");
  const dump = new Blob([readFileSync(templateFile)]);
  return openDatabase({ dataDir: "memory://", loadDataDir: dump });
}
