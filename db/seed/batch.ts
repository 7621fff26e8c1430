import type { Database } from "../client.ts";

/** Inserts rows in chunks, so one statement never exceeds PostgreSQL's bind-parameter limit. */
export async function insertInBatches<T extends object>(
  db: Pick<Database, "insert">,
  // biome-ignore lint/suspicious/noExplicitAny: any Drizzle table
  table: any,
  rows: T[],
  batchSize = 1000,
  onConflictDoNothing = false,
) {
  for (let start = 0; start < rows.length; start += batchSize) {
    const insert = db.insert(table).values(rows.slice(start, start + batchSize));
    await (onConflictDoNothing ? insert.onConflictDoNothing() : insert);
  }
}
