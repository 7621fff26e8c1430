import { sql } from "drizzle-orm";

/**
 * A page of a list and the list's total in one statement (issue 15): `count(*) over ()` is computed before
 * LIMIT/OFFSET, so every row of the page carries the total of all matching rows. Select it as `matching` (an order has a
 * `total` of its own), then
 * pass the rows to `withTotal`.
 */
export const totalOver = () => sql<number>`count(*) over ()`.mapWith(Number);

/**
 * Splits the window total off the rows. A page past the end has no row to carry it: only then is the total
 * counted on its own (`count`), so the answer still says how many there are.
 */
export async function withTotal<R extends { matching: number }>(
  page: number,
  rows: R[],
  count: () => Promise<number>,
): Promise<{ rows: Omit<R, "matching">[]; total: number }> {
  const first = rows[0];
  const total = first ? first.matching : page > 0 ? await count() : 0;
  return { rows: rows.map(({ matching: _matching, ...row }) => row), total };
}
