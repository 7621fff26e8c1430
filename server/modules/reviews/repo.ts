import { and, avg, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import type { ReviewStatus } from "../../../db/schema/index.ts";
import { planReviews } from "../../../db/schema/index.ts";

export type ReviewRow = typeof planReviews.$inferSelect;

export function createReviewRepo(db: Database) {
  return {
    /** Inserts a review unless the order already has one; the row, or undefined when it had one. */
    async insert(values: typeof planReviews.$inferInsert, executor: Database = db) {
      const [row] = await executor.insert(planReviews).values(values).onConflictDoNothing().returning();
      return row;
    },
    async stats(platformProductCode: string) {
      const [row] = await db
        .select({ count: count(), average: avg(planReviews.rating) })
        .from(planReviews)
        .where(
          and(eq(planReviews.platformProductCode, platformProductCode), eq(planReviews.status, "VISIBLE")),
        );
      return {
        count: row?.count ?? 0,
        average: row?.average === null || row?.average === undefined ? null : Number(row.average),
      };
    },
    recent(platformProductCode: string, limit: number) {
      return db
        .select()
        .from(planReviews)
        .where(
          and(eq(planReviews.platformProductCode, platformProductCode), eq(planReviews.status, "VISIBLE")),
        )
        .orderBy(desc(planReviews.createdAt), desc(planReviews.id))
        .limit(limit);
    },
    async byOrder(orderCode: string) {
      const [row] = await db.select().from(planReviews).where(eq(planReviews.orderCode, orderCode)).limit(1);
      return row;
    },
    async hide(executor: Database, reviewId: number, reason: string, at: Date) {
      const [row] = await executor
        .update(planReviews)
        .set({ status: "HIDDEN", hiddenReason: reason, hiddenAt: at })
        .where(eq(planReviews.id, reviewId))
        .returning();
      return row;
    },
    /** The console's moderation list: newest first, by plan and status, paged. */
    async list(query: { plan?: string; status?: ReviewStatus; page: number; size: number }) {
      const where = and(
        query.plan ? eq(planReviews.platformProductCode, query.plan) : undefined,
        query.status ? eq(planReviews.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(planReviews)
          .where(where)
          .orderBy(desc(planReviews.createdAt), desc(planReviews.id))
          .limit(query.size)
          .offset((query.page - 1) * query.size),
        db.select({ n: count() }).from(planReviews).where(where),
      ]);
      return { total: total?.n ?? 0, rows };
    },
    /** Account deletion: the reviews stay (they are anonymous on the page) but no longer name the customer. */
    forgetCustomer(customerId: string, executor: Database) {
      return executor
        .update(planReviews)
        .set({ customerId: null })
        .where(eq(planReviews.customerId, customerId));
    },
  };
}

export type ReviewRepo = ReturnType<typeof createReviewRepo>;
