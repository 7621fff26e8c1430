import { parseArgs } from "node:util";
import { z } from "zod";
import { restore } from "../server/ops/backup.ts";

/**
 * `npm run restore -- FILE` (ADR 0330): into the empty database DATABASE_URL names (pg_restore), or into an empty
 * DATA_DIR (PGlite). It never overwrites a database that holds tables; then start the store on it.
 */
const { positionals } = parseArgs({ allowPositionals: true });
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- backups/roamly-….dump (into an empty DATABASE_URL or DATA_DIR)");
  process.exit(2);
}
const env = z
  .object({ DATABASE_URL: z.string().url().optional(), DATA_DIR: z.string().min(1).default(".data") })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
try {
  const kind = await restore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, positionals[0]!);
  console.log(`restore: ${positionals[0]} restored into the ${kind} database; start the store on it`);
} catch (error) {
  console.error(`restore: ${(error as Error).message}`);
  process.exitCode = 1;
}
