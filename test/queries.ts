import type { Logger } from "drizzle-orm";
import type { TestApp } from "./api.ts";

/** The database round trips `run` makes, counted by a Drizzle logger on the test's real database. */
export async function countQueries(app: TestApp, run: () => Promise<unknown>): Promise<number> {
  const session = (app.database.db as unknown as { session: { logger: Logger } }).session;
  const previous = session.logger;
  let queries = 0;
  session.logger = { logQuery: () => void queries++ };
  try {
    await run();
  } finally {
    session.logger = previous;
  }
  return queries;
}
