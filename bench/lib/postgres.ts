import pg from "pg";

export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * Creates an empty scratch database next to the one `adminUrl` names (DATABASE_URL or the local default), or
 * answers null when no PostgreSQL server is reachable there.
 */
export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase | null> {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `esim_bench_${Date.now()}_${process.pid}`;
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
