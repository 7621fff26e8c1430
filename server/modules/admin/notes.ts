import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { operators, orderNotes } from "../../../db/schema/index.ts";

/** Operators' internal notes on orders (issue 16): never shown to the shopper. */
export function createOrderNotes(db: Database) {
  return {
    add: async (tx: unknown, note: { orderId: string; operatorId: string; body: string }) =>
      (await (tx as Database).insert(orderNotes).values(note).returning())[0]!,
    async ofOrder(orderId: string) {
      const rows = await db
        .select({
          id: orderNotes.id,
          body: orderNotes.body,
          createdAt: orderNotes.createdAt,
          operatorName: operators.displayName,
          operatorEmail: operators.email,
        })
        .from(orderNotes)
        .innerJoin(operators, eq(operators.id, orderNotes.operatorId))
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.createdAt));
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}
