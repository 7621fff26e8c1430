import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orderRefunds } from "../../../db/schema/index.ts";

export type RefundRow = typeof orderRefunds.$inferSelect;

/** Operators' refunds of orders (ADR 0225). */
export function createRefundRepo(db: Database) {
  const x = (tx?: Database) => tx ?? db;
  return {
    byKey: async (key: string, tx?: Database) =>
      (await x(tx).select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key)))[0],
    /** What is refunded or being refunded of an order (failed refunds do not count). */
    async committed(orderId: string, tx?: Database) {
      const [row] = await x(tx)
        .select({
          total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int`,
        })
        .from(orderRefunds)
        .where(
          and(eq(orderRefunds.orderId, orderId), inArray(orderRefunds.status, ["PENDING", "SUCCEEDED"])),
        );
      return Number(row?.total ?? 0);
    },
    insert: async (values: typeof orderRefunds.$inferInsert, tx: Database) =>
      (await tx.insert(orderRefunds).values(values).onConflictDoNothing().returning())[0],
    update: async (id: string, values: Partial<typeof orderRefunds.$inferInsert>, tx?: Database) =>
      (
        await x(tx)
          .update(orderRefunds)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(orderRefunds.id, id))
          .returning()
      )[0],
    ofOrder: (orderId: string) =>
      db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .orderBy(asc(orderRefunds.createdAt)),
    pending: (olderThan: Date) =>
      db
        .select()
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.status, "PENDING"),
            sql`${orderRefunds.createdAt} < ${olderThan.toISOString()}`,
          ),
        ),
  };
}

export type RefundRepo = ReturnType<typeof createRefundRepo>;
