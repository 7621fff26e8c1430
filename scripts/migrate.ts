import { z } from "zod";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";

/**
 * `npm run migrate` (the image's migrate command; ADR 0328): applies the pending migrations, then seeds an empty
 * store, on PostgreSQL under one advisory lock, so two of these started together take turns and the second finds
 * nothing to do. Web and worker instances in production never migrate: they wait for this.
 */
// Only where the database is: the migrate job needs none of the server's secrets.
const env = z
  .object({ DATABASE_URL: z.string().url().optional(), DATA_DIR: z.string().min(1).default(".data") })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
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
