import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { claimDataDir } from "./data-dir-lock.ts";
import * as schema from "./schema/index.ts";
import { tracePglite, tracePgPool } from "./tracing.ts";

export type Schema = typeof schema;
/** Both drivers share this type, so the same repository code runs on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /**
   * Runs the pending migrations, then `after` (the seed of an empty store). On PostgreSQL both run under one
   * advisory lock, so two processes migrating at once take turns and the second finds nothing to do (ADR 0328).
   */
  migrate(after?: () => Promise<unknown>): Promise<void>;
  /** True when the database has every migration this code knows (readiness; ADR 0328). */
  schemaCurrent(): Promise<boolean>;
  /** Answers when the database is reachable (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to clone a migrated template. */
  dumpDataDir?(): Promise<Blob>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** The advisory lock key every migrating process takes ("roam" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x726f616d;

/** The newest migration's timestamp: drizzle records it in __drizzle_migrations.created_at once applied. */
const latestMigration = () =>
  Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis));

async function appliedUpTo(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const table = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!(table.rows[0] as { present: boolean }).present) return 0;
  const result = await query("select max(created_at)::text as latest from drizzle.__drizzle_migrations");
  return Number((result.rows[0] as { latest: string | null }).latest ?? 0);
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  /** An already loaded PGlite data dump (a migrated template, for fast test databases). */
  loadDataDir?: Blob | File;
  /**
   * PGlite's compiled WebAssembly and file bundle, made once and reused (test/db.ts): otherwise every database
   * opened compiles and loads them again.
   */
  pgliteRuntime?: Pick<PGliteOptions, "pgliteWasmModule" | "initdbWasmModule" | "fsBundle">;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closed (a restart, a failover) is dropped from the pool and the next query
    // opens a new one; without a listener the pool's "error" event would end the process (issue 34, ADR 0343).
    pool.on("error", () => {});
    // The pool listens only to idle connections: one checked out (a transaction between statements) that the
    // server ends would raise an unhandled "error" and end the process. Its next query fails instead, and the
    // pool drops it on release.
    pool.on("connect", (client) => {
      client.on("error", () => {});
    });
    // A span per statement inside traced work (ADR 0331); nothing when tracing is off.
    tracePgPool(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: async (after) => {
        // Lock and migrations on one session of their own: the pool may be busy or a single connection.
        const session = new pg.Client({ connectionString: options.databaseUrl });
        await session.connect();
        try {
          await session.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migrateNodePg(drizzleNodePg(session, { schema }) as never, {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
          await after?.();
        } finally {
          // Ending the session releases the lock too, should the unlock itself fail.
          await session.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
          await session.end();
        }
      },
      schemaCurrent: async () => (await appliedUpTo((text) => pool.query(text))) >= latestMigration(),
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? ".data";
  const inMemory = dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // One process per folder (ADR 0328): a second one (admin:create, backup) while the store runs is refused.
  const release = inMemory ? () => {} : claimDataDir(dataDir);
  const client = await PGlite.create({
    dataDir: inMemory ? dataDir : path.join(dataDir, "pg"),
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    ...options.pgliteRuntime,
  }).catch((error) => {
    release();
    throw error;
  });
  tracePglite(client);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // One process owns a PGlite folder: nothing else can migrate it at the same time.
    migrate: async (after) => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await after?.();
    },
    schemaCurrent: async () => (await appliedUpTo((text) => client.query(text))) >= latestMigration(),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    dumpDataDir: async () => (await client.dumpDataDir("gzip")) as Blob,
  };
}
