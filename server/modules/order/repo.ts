import { and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  type OrderStatus,
  orderStatusHistory,
  orders,
  paymentAnomalies,
  payments,
} from "../../../db/schema/index.ts";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Status changes close together can share a timestamp: PGlite's clock (so now()) ticks in milliseconds, and
 * the payment webhook's PAID and the fulfilment job's FULFILLING can land in the same one. The id is random, so
 * it would order such a tie by chance. Each change starts where the one before it ended, so among rows with
 * the same time this takes the one that follows the last; rows are otherwise kept in time order.
 */
export function inChainOrder<T extends { at: Date; fromStatus: string | null; toStatus: string }>(
  rows: readonly T[],
): T[] {
  const left = [...rows];
  const ordered: T[] = [];
  while (left.length > 0) {
    const at = left[0]!.at.getTime();
    const previous = ordered.at(-1)?.toStatus ?? null;
    const next = left.findIndex((row) => row.at.getTime() === at && row.fromStatus === previous);
    ordered.push(...left.splice(Math.max(next, 0), 1));
  }
  return ordered;
}

/** Orders, their status history and payment attempts (ADR 0102). */
export function createOrderRepo(db: Database) {
  return {
    findByCode(code: string, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(eq(orders.code, code))
        .then((rows) => rows[0]);
    },

    findById(id: string, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(eq(orders.id, id))
        .then((rows) => rows[0]);
    },

    /** Locks the order row for a status change (FOR UPDATE), so concurrent transitions queue. */
    lock(id: string, executor: Database) {
      return executor
        .select()
        .from(orders)
        .where(eq(orders.id, id))
        .for("update")
        .then((rows) => rows[0]);
    },

    findByIdempotencyKey(customerId: string, key: string, executor: Database = db) {
      return executor
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)))
        .then((rows) => rows[0]);
    },

    /** Inserts unless the idempotency key exists; undefined then (a racing duplicate won). */
    insert(order: NewOrder, executor: Database) {
      return executor
        .insert(orders)
        .values(order)
        .onConflictDoNothing()
        .returning()
        .then((rows) => rows[0]);
    },

    async setStatus(
      id: string,
      from: OrderStatus,
      to: OrderStatus,
      reason: string,
      executor: Database,
      extra: Partial<NewOrder> = {},
    ): Promise<boolean> {
      const changed = await executor
        .update(orders)
        .set({ ...extra, status: to, updatedAt: sql`now()` })
        .where(and(eq(orders.id, id), eq(orders.status, from)))
        .returning({ id: orders.id });
      if (changed.length === 0) return false;
      await executor
        .insert(orderStatusHistory)
        .values({ orderId: id, fromStatus: from, toStatus: to, reason });
      return true;
    },

    recordCreated(id: string, executor: Database) {
      return executor
        .insert(orderStatusHistory)
        .values({ orderId: id, fromStatus: null, toStatus: "PENDING_PAYMENT", reason: "placed" });
    },

    /** The order's status changes, oldest first. */
    async history(orderId: string) {
      const rows = await db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
        .orderBy(orderStatusHistory.at, orderStatusHistory.id);
      return inChainOrder(rows);
    },

    async list(
      customerId: string,
      filter: { status?: OrderStatus | readonly OrderStatus[]; keyword?: string },
      page: number,
      size: number,
    ) {
      const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
      const where = and(
        eq(orders.customerId, customerId),
        filter.status ? inArray(orders.status, [filter.status].flat()) : undefined,
        keyword ? or(ilike(orders.code, keyword), ilike(orders.planTitle, keyword)) : undefined,
      );
      const [rows, total] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { rows, total: total[0]?.n ?? 0 };
    },

    insertPayment(payment: typeof payments.$inferInsert, executor: Database = db) {
      return executor
        .insert(payments)
        .values(payment)
        .returning()
        .then((rows) => rows[0]!);
    },

    paymentsOf(orderId: string, executor: Database = db) {
      return executor
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt));
    },

    /** Records a payment anomaly once per provider payment; true when this call recorded it. */
    async recordPaymentAnomaly(
      orderId: string,
      kind: string,
      anomaly: {
        provider: string;
        providerPaymentId: string;
        providerEventId: string | null;
        expectedAmount: number;
        expectedCurrency: string;
        receivedAmount: number;
        receivedCurrency: string;
      },
      executor: Database = db,
    ): Promise<boolean> {
      const inserted = await executor
        .insert(paymentAnomalies)
        .values({
          orderId,
          kind,
          provider: anomaly.provider,
          providerPaymentId: anomaly.providerPaymentId,
          providerEventId: anomaly.providerEventId,
          expectedAmount: anomaly.expectedAmount,
          expectedCurrency: anomaly.expectedCurrency,
          receivedAmount: anomaly.receivedAmount,
          receivedCurrency: anomaly.receivedCurrency,
        })
        .onConflictDoNothing()
        .returning({ id: paymentAnomalies.id });
      return inserted.length > 0;
    },

    findPaymentBySession(provider: string, sessionId: string, executor: Database = db) {
      return executor
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerSessionId, sessionId)))
        .then((rows) => rows[0]);
    },

    findPaymentByPaymentId(provider: string, paymentId: string, executor: Database = db) {
      return executor
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, paymentId)))
        .then((rows) => rows[0]);
    },

    updatePayment(id: string, values: Partial<typeof payments.$inferInsert>, executor: Database = db) {
      return executor
        .update(payments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },
  };
}

export type OrderRepo = ReturnType<typeof createOrderRepo>;
