import { z } from "zod";
import { spawnTracked, waitForExit } from "./children.ts";

export const QUERIES_SCRIPT = "bench/queries.ts";
const TIMEOUT_MS = 120_000;

const Counts = z.object({
  /** Home, plp, pdp and (with a shopper) the signed-in home: the issue-15 target. */
  pages: z.record(z.string(), z.number().int().nonnegative()),
  /** The personal pages, for information. */
  personal: z.record(z.string(), z.number().int().nonnegative()),
  /** The most statements any of `pages` sent. */
  most: z.number().int().nonnegative(),
});
export type QueryCounts = z.infer<typeof Counts> & { output: string };

/**
 * Runs bench/queries.ts as a child over a PGlite copy no server holds (`DATA_DIR`) and reads its last line. Its
 * DATABASE_URL is blanked, so it never opens the developer's PostgreSQL by accident. Throws (the bench's phase
 * records the error) when the script fails or prints no counts.
 */
export async function countWarmRenderQueries(env: Record<string, string>): Promise<QueryCounts> {
  const spawned = spawnTracked(
    [QUERIES_SCRIPT],
    { ...process.env, DATABASE_URL: "", ...env },
    QUERIES_SCRIPT,
  );
  const output = await waitForExit(spawned, QUERIES_SCRIPT, TIMEOUT_MS);
  const last = output.trim().split("\n").at(-1) ?? "";
  const parsed = Counts.safeParse(JSON.parse(last.startsWith("{") ? last : "null"));
  if (!parsed.success) throw new Error(`${QUERIES_SCRIPT} printed no counts:\n${output}`);
  return { ...parsed.data, output };
}
