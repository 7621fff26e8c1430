import { parseArgs } from "node:util";
import { z } from "zod";
import { backup } from "../server/ops/backup.ts";

/**
 * `npm run backup [-- --out FILE]` (ADR 0330): PostgreSQL (DATABASE_URL) with pg_dump's custom format, while the
 * store runs; PGlite (DATA_DIR) as its data folder's dump, with the store stopped. Default file:
 * backups/roamly-<time>.dump (PostgreSQL) or .tar.gz (PGlite).
 */
const { values } = parseArgs({ options: { out: { type: "string" } } });
const env = z
  .object({ DATABASE_URL: z.string().url().optional(), DATA_DIR: z.string().min(1).default(".data") })
  .parse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== "")));
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = values.out ?? `backups/roamly-${stamp}.${env.DATABASE_URL ? "dump" : "tar.gz"}`;
try {
  const kind = await backup({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, file);
  console.log(`backup: the ${kind} database written to ${file}`);
} catch (error) {
  console.error(`backup: ${(error as Error).message}`);
  process.exitCode = 1;
}
