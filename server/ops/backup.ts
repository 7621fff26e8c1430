import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../db/client.ts";

// Backups (issue 34 item 6, ADR 0330). PostgreSQL: pg_dump's custom format, restored with pg_restore into an
// empty database. PGlite: the data folder's own dump (PGlite's dumpDataDir, a gzipped tarball), restored by
// loading it into an empty folder. PGlite serves one process, so both need the store stopped there (the data
// folder's lock says so); PostgreSQL's dump is consistent while the store runs.

export interface Target {
  databaseUrl?: string;
  dataDir?: string;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.once("error", (error) =>
      reject(new Error(`${command} could not start (${error.message}): install the PostgreSQL client tools`)),
    );
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });
}

/** Writes a backup of the store's database to `file` (created with its folder); returns its kind. */
export async function backup(target: Target, file: string): Promise<"postgres" | "pglite"> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.databaseUrl) {
    await run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      "--file",
      file,
      target.databaseUrl,
    ]);
    return "postgres";
  }
  const database = await openDatabase({ dataDir: target.dataDir ?? ".data" });
  try {
    const dump = await database.dumpDataDir!();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return "pglite";
}

/** Restores `file` into the store's database, which must be empty (no table), so nothing is overwritten. */
export async function restore(target: Target, file: string): Promise<"postgres" | "pglite"> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
      );
      if (rows[0].n > 0)
        throw new Error(
          "the database named by DATABASE_URL is not empty: restore into a new, empty database, then point the store at it",
        );
    } finally {
      await client.end();
    }
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      "--single-transaction",
      "--dbname",
      target.databaseUrl,
      file,
    ]);
    return "postgres";
  }
  const dataDir = target.dataDir ?? ".data";
  const pgDir = path.join(dataDir, "pg");
  if (existsSync(pgDir) && readdirSync(pgDir).length > 0)
    throw new Error(
      `${path.resolve(pgDir)} already holds a database: restore into an empty DATA_DIR, then point the store at it`,
    );
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([readFileSync(file)]) });
  await database.close();
  return "pglite";
}
