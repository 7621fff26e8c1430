import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { esimSupplierOrders, planSuppliers } from "../../../db/schema/index.ts";

// The plan's suppliers and the orders placed at them per order unit (ADRs 0195-0196).

export type SupplierOrderRow = typeof esimSupplierOrders.$inferSelect;

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

    /** Records the unit's order at the supplier as placed (with its reference); counts one more poll. */
    async placed(orderId: string, unitIndex: number, supplier: string, reference: string): Promise<number> {
      const [row] = await db
        .insert(esimSupplierOrders)
        .values({ orderId, unitIndex, supplier, status: "PLACED", reference, polls: 1 })
        .onConflictDoUpdate({
          target: [esimSupplierOrders.orderId, esimSupplierOrders.unitIndex, esimSupplierOrders.supplier],
          set: { reference, polls: sql`${esimSupplierOrders.polls} + 1`, updatedAt: sql`now()` },
        })
        .returning({ polls: esimSupplierOrders.polls });
      return row!.polls;
    },

    async settle(
      orderId: string,
      unitIndex: number,
      supplier: string,
      status: "ISSUED" | "FAILED",
      failure: string | null = null,
    ) {
      await db
        .insert(esimSupplierOrders)
        .values({ orderId, unitIndex, supplier, status, failure })
        .onConflictDoUpdate({
          target: [esimSupplierOrders.orderId, esimSupplierOrders.unitIndex, esimSupplierOrders.supplier],
          set: { status, failure, updatedAt: sql`now()` },
        });
    },
  };
}

export type SupplierOrders = ReturnType<typeof createSupplierOrders>;
