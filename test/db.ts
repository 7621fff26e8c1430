import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { adminUrl } from "./db-names.ts";

/** A copy of the migrated, seeded template: a new PostgreSQL database, or a PGlite dump to load. */
export type TemplateCopy = { kind: "postgres"; databaseUrl: string } | { kind: "pglite"; dump: Blob };

/**
 * Copies the template that test/global-setup.ts prepared: a new database on the PostgreSQL server at
 * DATABASE_URL (.ci/run), named with the prefix the global teardown drops, or else the PGlite dump.
 */
export async function copyTestTemplate(): Promise<TemplateCopy> {
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
    return { kind: "postgres", databaseUrl: url.toString() };
  }
  const templateFile = inject("pgliteTemplate");
  if (!templateFile) throw new Error("test/global-setup.ts did not provide a template database");
  return { kind: "pglite", dump: new Blob([readFileSync(templateFile)]) };
}

/** A fresh copy of the template, open: PGlite in memory by default, or PostgreSQL (.ci/run). Close it in afterAll. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") return openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 20 });
  return openDatabase({ dataDir: "memory://", loadDataDir: copy.dump });
}
