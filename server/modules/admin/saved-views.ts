import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { consoleSavedViews } from "../../../db/schema/index.ts";

/**
 * Operators' saved views of console lists (issue 29, ADR 0362): filters under a name, per operator. Saving a name
 * again replaces its filters (so a double submit leaves one view); each operator reads and deletes only their own.
 */
export function createSavedViews(db: Database) {
  const view = (row: typeof consoleSavedViews.$inferSelect) => ({
    id: row.id,
    name: row.name,
    filters: row.filters,
    createdAt: row.createdAt.toISOString(),
  });
  return {
    async list(operatorId: string, list: string) {
      const rows = await db
        .select()
        .from(consoleSavedViews)
        .where(and(eq(consoleSavedViews.operatorId, operatorId), eq(consoleSavedViews.list, list)))
        .orderBy(asc(consoleSavedViews.name));
      return rows.map(view);
    },

    async save(
      tx: Database,
      input: { operatorId: string; list: string; name: string; filters: Record<string, string> },
    ) {
      const [before] = await tx
        .select()
        .from(consoleSavedViews)
        .where(
          and(
            eq(consoleSavedViews.operatorId, input.operatorId),
            eq(consoleSavedViews.list, input.list),
            eq(consoleSavedViews.name, input.name),
          ),
        );
      const [after] = await tx
        .insert(consoleSavedViews)
        .values(input)
        .onConflictDoUpdate({
          target: [consoleSavedViews.operatorId, consoleSavedViews.list, consoleSavedViews.name],
          set: { filters: input.filters },
        })
        .returning();
      return { before: before ? view(before) : null, after: view(after!) };
    },

    /** Deletes the operator's own view; null when they have no view with this id. */
    async remove(tx: Database, operatorId: string, list: string, id: string) {
      const [removed] = await tx
        .delete(consoleSavedViews)
        .where(
          and(
            eq(consoleSavedViews.id, id),
            eq(consoleSavedViews.operatorId, operatorId),
            eq(consoleSavedViews.list, list),
          ),
        )
        .returning();
      return removed ? view(removed) : null;
    },
  };
}
