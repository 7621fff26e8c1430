import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  esimPackages,
  esimSupplierOrders,
  esims,
  orderRefunds,
  orders,
  payments,
  reconciliationMismatches,
  supplierBalanceReadings,
} from "../../../db/schema/index.ts";
import { ALERTING_KINDS } from "../../../db/schema/reconcile.ts";

export type MismatchRow = typeof reconciliationMismatches.$inferSelect;
export type NewMismatch = typeof reconciliationMismatches.$inferInsert;

const PAID_STATES = ["PAID", "FULFILLING", "COMPLETED", "REFUNDING", "REFUNDED"] as const;

/** The reconciliation's table, and its reads of our books (declared in test/module-boundaries.test.ts). */
export function createReconcileRepo(db: Database) {
  return {
    /** Orders paid in [from, to), with their payments, units' supplier orders and eSIMs. */
    async paidOrders(from: Date, to: Date) {
      const rows = await db
        .select({
          id: orders.id,
          code: orders.code,
          status: orders.status,
          total: orders.total,
          currencyCode: orders.currencyCode,
          quantity: orders.quantity,
          topUpIccid: orders.topUpIccid,
          paidAt: orders.paidAt,
        })
        .from(orders)
        .where(
          and(gte(orders.paidAt, from), lt(orders.paidAt, to), inArray(orders.status, [...PAID_STATES])),
        );
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      const [paid, placed, issued, refunds] = await Promise.all([
        db
          .select()
          .from(payments)
          .where(and(inArray(payments.orderId, ids), inArray(payments.status, ["SUCCEEDED", "REFUNDED"]))),
        db.select().from(esimSupplierOrders).where(inArray(esimSupplierOrders.orderId, ids)),
        db
          .select({
            orderId: esims.orderId,
            iccid: esims.iccid,
            supplier: esims.supplier,
            unitIndex: esims.unitIndex,
          })
          .from(esims)
          .where(inArray(esims.orderId, ids)),
        db
          .select({
            orderId: orderRefunds.orderId,
            cardPart: sql<number>`coalesce(sum(${orderRefunds.amount} - ${orderRefunds.creditPart}), 0)::int`,
          })
          .from(orderRefunds)
          .where(
            and(
              inArray(orderRefunds.orderId, ids),
              eq(orderRefunds.status, "SUCCEEDED"),
              eq(orderRefunds.destination, "CARD"),
            ),
          )
          .groupBy(orderRefunds.orderId),
      ]);
      // A top-up's profile: its supplier, and how many top-up packages our books hold on it (ADR 0390).
      const iccids = [...new Set(rows.map((r) => r.topUpIccid).filter((i): i is string => Boolean(i)))];
      const targets =
        iccids.length === 0
          ? []
          : await db
              .select({
                iccid: esims.iccid,
                supplier: esims.supplier,
                topUps: sql<number>`(select count(*) from ${esimPackages} where ${esimPackages.esimId} = ${esims.id} and ${esimPackages.topUp})::int`,
              })
              .from(esims)
              .where(inArray(esims.iccid, iccids));
      return rows.map((order) => ({
        ...order,
        topUpTarget: targets.find((t) => t.iccid === order.topUpIccid) ?? null,
        payments: paid.filter((p) => p.orderId === order.id),
        supplierOrders: placed.filter((p) => p.orderId === order.id),
        esims: issued.filter((e) => e.orderId === order.id),
        cardRefunded: refunds.find((r) => r.orderId === order.id)?.cardPart ?? 0,
      }));
    },

    /** Fully refunded orders whose refund succeeded in [from, to), with their eSIMs. */
    async refundedOrders(from: Date, to: Date) {
      const rows = await db
        .selectDistinct({ id: orders.id, code: orders.code })
        .from(orders)
        .innerJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
        .where(
          and(
            eq(orders.status, "REFUNDED"),
            eq(orderRefunds.status, "SUCCEEDED"),
            gte(orderRefunds.updatedAt, from),
            lt(orderRefunds.updatedAt, to),
          ),
        );
      if (rows.length === 0) return [];
      const issued = await db
        .select({ orderId: esims.orderId, iccid: esims.iccid, supplier: esims.supplier })
        .from(esims)
        .where(
          inArray(
            esims.orderId,
            rows.map((r) => r.id),
          ),
        );
      return rows.map((r) => ({ ...r, esims: issued.filter((e) => e.orderId === r.id) }));
    },

    /**
     * The balance readings that bracket [from, to) at a supplier (ADR 0390): the last one at or before the day's
     * start (else the day's first), and the first one at or after its end (else the day's last). Null when there
     * are not two distinct readings.
     */
    async bracketingReadings(supplier: string, from: Date, to: Date) {
      const pick = (where: ReturnType<typeof and>, newest: boolean) =>
        db
          .select()
          .from(supplierBalanceReadings)
          .where(and(eq(supplierBalanceReadings.supplier, supplier), where))
          .orderBy(newest ? desc(supplierBalanceReadings.takenAt) : asc(supplierBalanceReadings.takenAt))
          .limit(1)
          .then((rows) => rows[0] ?? null);
      const start =
        (await pick(lte(supplierBalanceReadings.takenAt, from), true)) ??
        (await pick(
          and(gt(supplierBalanceReadings.takenAt, from), lt(supplierBalanceReadings.takenAt, to)),
          false,
        ));
      if (!start) return null;
      const end =
        (await pick(gte(supplierBalanceReadings.takenAt, to), false)) ??
        (await pick(
          and(gt(supplierBalanceReadings.takenAt, start.takenAt), lt(supplierBalanceReadings.takenAt, to)),
          true,
        ));
      if (!end || end.takenAt <= start.takenAt) return null;
      return { start, end };
    },

    /**
     * What our books say a supplier's balance paid and got back in [from, to) (ADR 0390): each unit's order it
     * confirmed then, at the cost stamped on it, and each package it cancelled then, at its unit's cost. `unknown`
     * counts those whose cost the store did not know.
     */
    async balanceMovements(supplier: string, from: Date, to: Date) {
      const [charged] = await db
        .select({
          count: sql<number>`count(*)::int`,
          unknown: sql<number>`count(*) filter (where ${esimSupplierOrders.costUsdCents} is null)::int`,
          total: sql<number>`coalesce(sum(${esimSupplierOrders.costUsdCents}), 0)::int`,
        })
        .from(esimSupplierOrders)
        .where(
          and(
            eq(esimSupplierOrders.supplier, supplier),
            isNotNull(esimSupplierOrders.placedAt),
            gte(esimSupplierOrders.placedAt, from),
            lt(esimSupplierOrders.placedAt, to),
          ),
        );
      const [credited] = await db
        .select({
          count: sql<number>`count(*)::int`,
          unknown: sql<number>`count(*) filter (where ${esimSupplierOrders.costUsdCents} is null)::int`,
          total: sql<number>`coalesce(sum(${esimSupplierOrders.costUsdCents}), 0)::int`,
        })
        .from(esimPackages)
        .innerJoin(esims, eq(esims.id, esimPackages.esimId))
        .leftJoin(
          esimSupplierOrders,
          and(
            eq(esimSupplierOrders.orderId, esimPackages.orderId),
            eq(esimSupplierOrders.unitIndex, esimPackages.unitIndex),
            eq(esimSupplierOrders.supplier, esims.supplier),
          ),
        )
        .where(
          and(
            eq(esims.supplier, supplier),
            eq(esimPackages.supplierCancel, "CANCELLED"),
            gte(esimPackages.supplierCancelAt, from),
            lt(esimPackages.supplierCancelAt, to),
          ),
        );
      return {
        orders: charged?.count ?? 0,
        costs: charged?.total ?? 0,
        cancellations: credited?.count ?? 0,
        credits: credited?.total ?? 0,
        unknown: (charged?.unknown ?? 0) + (credited?.unknown ?? 0),
      };
    },

    /** Our orders by id (what a supplier's `order:<id>:<unit>` key names) and by code (a provider's charge). */
    async ordersByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: orders.id, code: orders.code, status: orders.status, quantity: orders.quantity })
        .from(orders)
        .where(inArray(orders.id, ids));
    },
    async ordersByCodes(codes: string[]) {
      if (codes.length === 0) return [];
      return db
        .select({ id: orders.id, code: orders.code, status: orders.status, total: orders.total })
        .from(orders)
        .where(inArray(orders.code, codes));
    },

    /** Records new mismatches; one already recorded under its key is left as it is. Answers the new ones. */
    async record(rows: NewMismatch[]): Promise<MismatchRow[]> {
      if (rows.length === 0) return [];
      return db.transaction(async (tx) =>
        (tx as unknown as Database)
          .insert(reconciliationMismatches)
          .values(rows)
          .onConflictDoNothing({ target: reconciliationMismatches.key })
          .returning(),
      );
    },

    async list(filter: { open: boolean; limit: number }) {
      return db
        .select()
        .from(reconciliationMismatches)
        .where(filter.open ? isNull(reconciliationMismatches.resolvedAt) : undefined)
        .orderBy(desc(reconciliationMismatches.foundAt), desc(reconciliationMismatches.key))
        .limit(filter.limit);
    },

    async openCount(): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(reconciliationMismatches)
        .where(
          and(
            isNull(reconciliationMismatches.resolvedAt),
            inArray(reconciliationMismatches.kind, [...ALERTING_KINDS]),
          ),
        );
      return row?.count ?? 0;
    },

    /** Marks one open mismatch resolved, in the caller's transaction; null when it is unknown or already resolved. */
    async resolve(tx: unknown, id: string, operatorId: string, note: string, now: Date) {
      const [row] = await (tx as Database)
        .update(reconciliationMismatches)
        .set({ resolvedAt: now, resolvedBy: operatorId, resolutionNote: note })
        .where(and(eq(reconciliationMismatches.id, id), isNull(reconciliationMismatches.resolvedAt)))
        .returning();
      return row ?? null;
    },

    async byId(id: string) {
      const [row] = await db
        .select()
        .from(reconciliationMismatches)
        .where(eq(reconciliationMismatches.id, id));
      return row ?? null;
    },
  };
}

export type ReconcileRepo = ReturnType<typeof createReconcileRepo>;
