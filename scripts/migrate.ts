import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { readEnv } from "../server/env.ts";

/**
 * `npm run migrate` (the image's migrate command; ADR 0328): applies the pending migrations, then seeds an empty
 * store, on PostgreSQL under one advisory lock, so two of these started together take turns and the second finds
 * nothing to do. Web and worker instances in production never migrate: they wait for this.
 */
const env = readEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
try {
  await database.migrate(() => seedIfEmpty(database.db));
  console.log(`migrate: the ${database.kind} database is at the latest migration`);
} catch (error) {
  console.error(`migrate: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
