import { and, count, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { customerUploads } from "../../../db/schema/index.ts";

export type UploadRow = typeof customerUploads.$inferSelect;
export type NewUpload = typeof customerUploads.$inferInsert;

export function createUploadRepo(db: Database) {
  return {
    db,
    /** Serializes one customer's uploads inside a transaction, so two at once cannot both pass the count. */
    async lockCustomer(customerId: string, tx: Database) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`upload:${customerId}`}, 0))`);
    },

    async pendingCount(customerId: string, since: Date, executor: Database = db) {
      const [row] = await executor
        .select({ n: count() })
        .from(customerUploads)
        .where(
          and(
            eq(customerUploads.customerId, customerId),
            isNull(customerUploads.usedFor),
            gt(customerUploads.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    async insert(row: NewUpload, executor: Database = db) {
      await executor.insert(customerUploads).values(row);
    },

    async find(id: string) {
      const [row] = await db.select().from(customerUploads).where(eq(customerUploads.id, id)).limit(1);
      return row ?? null;
    },

    async ofCustomer(customerId: string, ids: string[], executor: Database = db) {
      if (ids.length === 0) return [];
      return executor
        .select()
        .from(customerUploads)
        .where(and(eq(customerUploads.customerId, customerId), inArray(customerUploads.id, ids)));
    },

    async avatars(customerId: string, executor: Database = db) {
      return executor
        .select()
        .from(customerUploads)
        .where(and(eq(customerUploads.customerId, customerId), eq(customerUploads.usedFor, "avatar")));
    },

    async markUsed(ids: string[], usedFor: "support" | "avatar", executor: Database = db) {
      if (ids.length === 0) return;
      await executor
        .update(customerUploads)
        .set({ usedFor, usedAt: new Date() })
        .where(inArray(customerUploads.id, ids));
    },

    /** Deletes the rows and returns their storage keys. */
    async remove(ids: string[], executor: Database = db) {
      if (ids.length === 0) return [];
      const rows = await executor
        .delete(customerUploads)
        .where(inArray(customerUploads.id, ids))
        .returning({ storageKey: customerUploads.storageKey });
      return rows.map((row) => row.storageKey);
    },

    async removeAllOf(customerId: string, executor: Database = db) {
      const rows = await executor
        .delete(customerUploads)
        .where(eq(customerUploads.customerId, customerId))
        .returning({ storageKey: customerUploads.storageKey });
      return rows.map((row) => row.storageKey);
    },

    /** Pending uploads no form used, older than `before`: deleted, their keys returned. */
    async removeStale(before: Date, limit = 500) {
      const stale = await db
        .select({ id: customerUploads.id })
        .from(customerUploads)
        .where(and(isNull(customerUploads.usedFor), lt(customerUploads.createdAt, before)))
        .limit(limit);
      return this.remove(stale.map((row) => row.id));
    },
  };
}

export type UploadRepo = ReturnType<typeof createUploadRepo>;
