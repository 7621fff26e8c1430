import type { Logger } from "drizzle-orm";
import type { TestApp } from "./api.ts";

/** The statements `run` sends to the test's real database, as a Drizzle logger sees them, in order. */
export async function recordQueries(app: Pick<TestApp, "database">, run: () => Promise<unknown>) {
  const session = (app.database.db as unknown as { session: { logger: Logger } }).session;
  const previous = session.logger;
  const statements: string[] = [];
  session.logger = { logQuery: (query) => void statements.push(query) };
  try {
    await run();
  } finally {
    session.logger = previous;
  }
  return statements;
}

/** The database round trips `run` makes, counted by a Drizzle logger on the test's real database. */
export async function countQueries(app: Pick<TestApp, "database">, run: () => Promise<unknown>) {
  return (await recordQueries(app, run)).length;
}
