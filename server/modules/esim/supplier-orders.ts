import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { esimSupplierOrders, planSuppliers } from "../../../db/schema/index.ts";

// The plan's suppliers and the orders placed at them per order unit (ADRs 0195-0196).

export type SupplierOrderRow = typeof esimSupplierOrders.$inferSelect;

/**
 * A unit's order at one supplier (ADR 0309). RETRY: only answers that placed nothing yet (a rate limit); PLACING:
 * a call's answer was lost, so an order may exist there; PLACED: the supplier confirmed the order (its reference),
 * the profile is not allocated yet; UNSURE: left for the failover supplier while an order may exist; REVIEW: an
 * order may exist and the store stopped asking: an operator decides (never refunded automatically); ISSUED;
 * FAILED: the supplier refused, so it holds no order.
 */
export type SupplierOrderStatus = SupplierOrderRow["status"];

/** Statuses under which an order for the unit may exist at that supplier. */
export const MAY_EXIST: readonly string[] = ["PLACING", "PLACED", "UNSURE", "REVIEW"];

/** The first confirmation's time and cost stay: a later poll or settle only fills what is still unknown. */
function confirmed(costUsdCents: number | null) {
  return {
    placedAt: sql`coalesce(${esimSupplierOrders.placedAt}, now())`,
    costUsdCents: sql`coalesce(${esimSupplierOrders.costUsdCents}, ${costUsdCents})`,
  };
}

export function createSupplierOrders(db: Database) {
  return {
    /** The plan's supplier packages, first choice first. */
    planSuppliers(code: string) {
      return db
        .select()
        .from(planSuppliers)
        .where(eq(planSuppliers.platformProductCode, code))
        .orderBy(asc(planSuppliers.rank));
    },

    /** The supplier packages of many plans at once (which supplier can top an eSIM up with which plan). */
    suppliersOfPlans(codes: string[]) {
      if (codes.length === 0) return Promise.resolve([]);
      return db
        .select({ platformProductCode: planSuppliers.platformProductCode, supplier: planSuppliers.supplier })
        .from(planSuppliers)
        .where(inArray(planSuppliers.platformProductCode, codes));
    },

    /** One supplier's package codes for many plans (the top-ups it may be asked for). */
    packagesOfPlans(codes: string[], supplier: string) {
      if (codes.length === 0) return Promise.resolve([]);
      return db
        .select({
          platformProductCode: planSuppliers.platformProductCode,
          packageCode: planSuppliers.packageCode,
        })
        .from(planSuppliers)
        .where(and(inArray(planSuppliers.platformProductCode, codes), eq(planSuppliers.supplier, supplier)));
    },

    ofUnit(orderId: string, unitIndex: number) {
      return db
        .select()
        .from(esimSupplierOrders)
        .where(and(eq(esimSupplierOrders.orderId, orderId), eq(esimSupplierOrders.unitIndex, unitIndex)));
    },

    byReference(supplier: string, reference: string) {
      return db
        .select()
        .from(esimSupplierOrders)
        .where(and(eq(esimSupplierOrders.supplier, supplier), eq(esimSupplierOrders.reference, reference)));
    },

    /**
     * Records the unit's order at the supplier as placed (with its reference); counts one more poll. The first
     * confirmation stamps when the supplier's balance paid for it and what it cost (ADR 0390).
     */
    async placed(
      orderId: string,
      unitIndex: number,
      supplier: string,
      reference: string,
      costUsdCents: number | null = null,
    ): Promise<number> {
      const [row] = await db
        .insert(esimSupplierOrders)
        .values({
          orderId,
          unitIndex,
          supplier,
          status: "PLACED",
          reference,
          polls: 1,
          placedAt: sql`now()`,
          costUsdCents,
        })
        .onConflictDoUpdate({
          target: [esimSupplierOrders.orderId, esimSupplierOrders.unitIndex, esimSupplierOrders.supplier],
          set: {
            reference,
            polls: sql`${esimSupplierOrders.polls} + 1`,
            updatedAt: sql`now()`,
            ...confirmed(costUsdCents),
          },
        })
        .returning({ polls: esimSupplierOrders.polls });
      return row!.polls;
    },

    /**
     * Counts one more call whose answer was not final. `uncertain`: the answer was lost (an order may exist), which
     * sticks until the supplier answers for good; otherwise a RETRY row stays RETRY. Returns the calls so far.
     */
    async unanswered(
      orderId: string,
      unitIndex: number,
      supplier: string,
      failure: string,
      uncertain: boolean,
    ): Promise<number> {
      const status = uncertain ? "PLACING" : "RETRY";
      const [row] = await db
        .insert(esimSupplierOrders)
        .values({ orderId, unitIndex, supplier, status, failure: failure.slice(0, 64), polls: 1 })
        .onConflictDoUpdate({
          target: [esimSupplierOrders.orderId, esimSupplierOrders.unitIndex, esimSupplierOrders.supplier],
          set: {
            status: uncertain
              ? sql`case when ${esimSupplierOrders.status} = 'RETRY' then 'PLACING' else ${esimSupplierOrders.status} end`
              : sql`${esimSupplierOrders.status}`,
            failure: failure.slice(0, 64),
            polls: sql`${esimSupplierOrders.polls} + 1`,
            updatedAt: sql`now()`,
          },
        })
        .returning({ polls: esimSupplierOrders.polls });
      return row!.polls;
    },

    /** The order's supplier orders (the console's timeline). */
    ofOrder(orderId: string) {
      return db
        .select()
        .from(esimSupplierOrders)
        .where(eq(esimSupplierOrders.orderId, orderId))
        .orderBy(asc(esimSupplierOrders.unitIndex), asc(esimSupplierOrders.createdAt));
    },

    /**
     * An operator asks again (ADR 0383): the order's units in REVIEW go back to asking their supplier, PLACED when
     * it gave a reference (the provisioning job reads that order), else PLACING (the adapters answer the unit's key
     * with the order already placed), with the count of calls started afresh. Returns the rows reopened.
     */
    async reopenReview(orderId: string, tx: Database) {
      return tx
        .update(esimSupplierOrders)
        .set({
          status: sql`case when ${esimSupplierOrders.reference} is null then 'PLACING' else 'PLACED' end`,
          polls: 0,
          updatedAt: sql`now()`,
        })
        .where(and(eq(esimSupplierOrders.orderId, orderId), eq(esimSupplierOrders.status, "REVIEW")))
        .returning({ unitIndex: esimSupplierOrders.unitIndex, supplier: esimSupplierOrders.supplier });
    },

    /** `costUsdCents`: an ISSUED unit's cost, stamped with its time when the supplier had not confirmed it before. */
    async settle(
      orderId: string,
      unitIndex: number,
      supplier: string,
      status: "ISSUED" | "FAILED" | "UNSURE" | "REVIEW",
      failure: string | null = null,
      costUsdCents: number | null = null,
    ) {
      const issued = status === "ISSUED";
      await db
        .insert(esimSupplierOrders)
        .values({
          orderId,
          unitIndex,
          supplier,
          status,
          failure: failure?.slice(0, 64) ?? null,
          ...(issued ? { placedAt: sql`now()`, costUsdCents } : {}),
        })
        .onConflictDoUpdate({
          target: [esimSupplierOrders.orderId, esimSupplierOrders.unitIndex, esimSupplierOrders.supplier],
          set: {
            status,
            failure: failure?.slice(0, 64) ?? null,
            updatedAt: sql`now()`,
            ...(issued ? confirmed(costUsdCents) : {}),
          },
        });
    },
  };
}

export type SupplierOrders = ReturnType<typeof createSupplierOrders>;
