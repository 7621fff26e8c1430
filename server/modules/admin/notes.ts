import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { customerNotes, operators, orderNotes } from "../../../db/schema/index.ts";

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

/**
 * Operators' notes on customers (issue 29, ADR 0361), as orders have: on the customer's timeline with author and
 * time; only the author edits one. Never shown to the shopper; an account's deletion deletes them.
 */
export function createCustomerNotes(db: Database) {
  const columns = {
    id: customerNotes.id,
    customerId: customerNotes.customerId,
    operatorId: customerNotes.operatorId,
    body: customerNotes.body,
    createdAt: customerNotes.createdAt,
    editedAt: customerNotes.editedAt,
    operatorName: operators.displayName,
  };
  const view = (row: {
    id: string;
    operatorId: string;
    body: string;
    createdAt: Date;
    editedAt: Date | null;
    operatorName: string;
  }) => ({
    id: row.id,
    operatorId: row.operatorId,
    operatorName: row.operatorName,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
  });
  return {
    add: async (tx: Database, note: { customerId: string; operatorId: string; body: string }) =>
      (await tx.insert(customerNotes).values(note).returning())[0]!,

    async ofCustomer(customerId: string) {
      const rows = await db
        .select(columns)
        .from(customerNotes)
        .innerJoin(operators, eq(operators.id, customerNotes.operatorId))
        .where(eq(customerNotes.customerId, customerId))
        .orderBy(asc(customerNotes.createdAt));
      return rows.map(view);
    },

    /**
     * Changes a note's text when `operatorId` wrote it, the row locked so two edits take turns: "missing" when the
     * customer has no such note, "notAuthor" when another operator wrote it.
     */
    async edit(
      tx: Database,
      input: { customerId: string; noteId: string; operatorId: string; body: string },
    ) {
      const [before] = await tx
        .select()
        .from(customerNotes)
        .where(and(eq(customerNotes.id, input.noteId), eq(customerNotes.customerId, input.customerId)))
        .for("update");
      if (!before) return { outcome: "missing" as const };
      if (before.operatorId !== input.operatorId) return { outcome: "notAuthor" as const };
      const [after] = await tx
        .update(customerNotes)
        .set({ body: input.body, editedAt: new Date() })
        .where(eq(customerNotes.id, input.noteId))
        .returning();
      return { outcome: "edited" as const, before: before.body, after: after! };
    },

    /** Account deletion: the notes about the customer go with the account's personal data. */
    async forget(customerId: string, tx: Database) {
      await tx.delete(customerNotes).where(eq(customerNotes.customerId, customerId));
    },
  };
}
