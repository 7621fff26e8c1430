import { and, asc, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { orderRefunds, refundPolicies, refundRequests } from "../../../db/schema/index.ts";

export type RefundRow = typeof orderRefunds.$inferSelect;
export type RefundPolicyRow = typeof refundPolicies.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** Operators' refunds of orders (ADR 0225). */
export function createRefundRepo(db: Database) {
  const x = (tx?: Database) => tx ?? db;
  return {
    byKey: async (key: string, tx?: Database) =>
      (await x(tx).select().from(orderRefunds).where(eq(orderRefunds.idempotencyKey, key)))[0],
    /**
     * What is refunded or being refunded of an order (ADR 0237): the card parts of refunds that did not fail,
     * and the credit parts of every refund (the ledger got those back when the refund was recorded, whatever
     * became of its card part), with the HKD cents those credit parts returned.
     */
    async committed(orderId: string, tx?: Database) {
      const [row] = await x(tx)
        .select({
          card: sql<number>`coalesce(sum(${orderRefunds.amount} - ${orderRefunds.creditPart}) filter (where ${orderRefunds.status} in ('PENDING', 'SUCCEEDED')), 0)::int`,
          credit: sql<number>`coalesce(sum(${orderRefunds.creditPart}), 0)::int`,
          creditBack: sql<number>`coalesce(sum(${orderRefunds.creditBackMinor}), 0)::int`,
        })
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId));
      return {
        card: Number(row?.card ?? 0),
        credit: Number(row?.credit ?? 0),
        creditBack: Number(row?.creditBack ?? 0),
      };
    },
    byId: async (id: string, tx?: Database) =>
      (await x(tx).select().from(orderRefunds).where(eq(orderRefunds.id, id)))[0],
    /**
     * Takes the right to call the provider for a PENDING refund for `leaseMs`: one caller at a time (the retry
     * job, an operator's retry), each call counted. Undefined when someone else holds it or it is settled.
     */
    claimSend: async (id: string, leaseMs: number) =>
      (
        await db
          .update(orderRefunds)
          .set({
            attempts: sql`${orderRefunds.attempts} + 1`,
            sendingUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(orderRefunds.id, id),
              eq(orderRefunds.status, "PENDING"),
              or(isNull(orderRefunds.sendingUntil), sql`${orderRefunds.sendingUntil} < now()`),
            ),
          )
          .returning()
      )[0],
    /** Card refunds the provider refused after every attempt, failed since `since` (the dashboard's alert). */
    failedSince: (since: Date) =>
      db
        .select()
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.status, "FAILED"),
            sql`${orderRefunds.updatedAt} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(orderRefunds.createdAt)),
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

    /** The store's refund policy row (ADR 0337), or undefined while the defaults apply. */
    policy: async (tx?: Database) =>
      (await x(tx).select().from(refundPolicies).where(eq(refundPolicies.id, 1)))[0],
    savePolicy: async (values: Omit<typeof refundPolicies.$inferInsert, "id">, tx: Database) =>
      (
        await tx
          .insert(refundPolicies)
          .values({ ...values, id: 1 })
          .onConflictDoUpdate({ target: refundPolicies.id, set: { ...values, updatedAt: new Date() } })
          .returning()
      )[0]!,

    /** Shoppers' refund requests (ADR 0338). Undefined when the order already has an open one. */
    insertRequest: async (values: typeof refundRequests.$inferInsert, tx?: Database) =>
      (await x(tx).insert(refundRequests).values(values).onConflictDoNothing().returning())[0],
    requestById: async (id: string, tx?: Database) =>
      (await x(tx).select().from(refundRequests).where(eq(refundRequests.id, id)))[0],
    requestsOfOrder: (orderId: string) =>
      db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.orderId, orderId))
        .orderBy(desc(refundRequests.createdAt)),
    /** The console's queue: open requests oldest first, then the last decided ones. */
    openRequests: (limit: number) =>
      db
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.status, "REQUESTED"))
        .orderBy(asc(refundRequests.createdAt))
        .limit(limit),
    /** Decides an open request once: undefined when it was no longer open. */
    decideRequest: async (
      id: string,
      values: Pick<
        typeof refundRequests.$inferInsert,
        "status" | "decidedBy" | "decisionReason" | "refundId"
      >,
      tx: Database,
    ) =>
      (
        await tx
          .update(refundRequests)
          .set({ ...values, decidedAt: new Date() })
          .where(and(eq(refundRequests.id, id), eq(refundRequests.status, "REQUESTED")))
          .returning()
      )[0],
  };
}

export type RefundRepo = ReturnType<typeof createRefundRepo>;
