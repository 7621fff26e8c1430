import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { type CreditEntryKind, creditAdjustmentRequests, creditEntries } from "../../../db/schema/index.ts";

export type CreditEntryRow = typeof creditEntries.$inferSelect;
export type NewCreditEntry = typeof creditEntries.$inferInsert;
export type CreditAdjustmentRequestRow = typeof creditAdjustmentRequests.$inferSelect;
export type NewCreditAdjustmentRequest = typeof creditAdjustmentRequests.$inferInsert;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The store-credit ledger (ADR 0240): inserts and sums, never an update or a delete. */
export function createCreditRepo(db: Database) {
  return {
    /**
     * Serialises every change that could lower this customer's balance until the transaction ends, so two
     * checkouts spending the same credit see each other's entries (a transaction-scoped advisory lock).
     */
    async lockCustomer(customerId: string, executor: Database) {
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`store-credit:${customerId}`}))`);
    },

    /** The balance, the part spendable at `now` (earned entries still on hold left out) and the last activity. */
    async totals(customerId: string, now: Date, executor: Database = db) {
      const [row] = await executor
        .select({
          balance: sql<string>`coalesce(sum(${creditEntries.amountMinor}), 0)`,
          spendable: sql<string>`coalesce(sum(${creditEntries.amountMinor}) filter (where ${creditEntries.amountMinor} < 0 or ${creditEntries.availableAt} <= ${now.toISOString()}::timestamptz), 0)`,
          lastActivityAt: sql<string | null>`max(${creditEntries.createdAt})`,
        })
        .from(creditEntries)
        .where(eq(creditEntries.customerId, customerId));
      return {
        balance: Number(row?.balance ?? 0),
        spendable: Number(row?.spendable ?? 0),
        lastActivityAt: row?.lastActivityAt ? new Date(row.lastActivityAt) : null,
      };
    },

    /** Inserts an entry; with an idempotency key already used, returns the first entry instead. */
    async insert(
      entry: NewCreditEntry,
      executor: Database,
    ): Promise<{ row: CreditEntryRow; created: boolean }> {
      const [inserted] = await executor.insert(creditEntries).values(entry).onConflictDoNothing().returning();
      if (inserted) return { row: inserted, created: true };
      if (!entry.idempotencyKey) throw new Error("store credit entry not inserted");
      const [existing] = await executor
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.idempotencyKey, entry.idempotencyKey));
      if (!existing) throw new Error("store credit entry not inserted");
      return { row: existing, created: false };
    },

    byKey(idempotencyKey: string, executor: Database = db) {
      return executor
        .select()
        .from(creditEntries)
        .where(eq(creditEntries.idempotencyKey, idempotencyKey))
        .then((rows) => rows[0]);
    },

    /** What an order did to the credit: the net of its entries of each kind (negative: it still holds credit). */
    /** HKD cents an order took from the ledger when it was placed (its SPENT entries), positive. */
    async orderSpent(orderId: string, executor: Database = db) {
      const [row] = await executor
        .select({ spent: sql<string>`coalesce(-sum(${creditEntries.amountMinor}), 0)` })
        .from(creditEntries)
        .where(and(eq(creditEntries.orderId, orderId), eq(creditEntries.kind, "SPENT")));
      return Number(row?.spent ?? 0);
    },

    async orderNet(orderId: string, executor: Database = db) {
      const [row] = await executor
        .select({
          net: sql<string>`coalesce(sum(${creditEntries.amountMinor}), 0)`,
          customerId: sql<string | null>`min(${creditEntries.customerId}::text)`,
        })
        .from(creditEntries)
        .where(eq(creditEntries.orderId, orderId));
      return { net: Number(row?.net ?? 0), customerId: row?.customerId ?? null };
    },

    async history(customerId: string, page: number, size: number) {
      const where = eq(creditEntries.customerId, customerId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(creditEntries)
          .where(where)
          .orderBy(desc(creditEntries.createdAt), desc(creditEntries.id))
          .limit(size)
          .offset(page * size),
        db.select({ total: count() }).from(creditEntries).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Customers with a positive balance whose last entry is older than `before`, with that balance. */
    async inactiveSince(before: Date, limit: number) {
      return rowsOf<{ customer_id: string; balance: string; last_activity: string }>(
        await db.execute(sql`
          select customer_id, sum(amount_minor) as balance, max(created_at) as last_activity
          from store_credit_entry
          group by customer_id
          having sum(amount_minor) > 0 and max(created_at) < ${before.toISOString()}::timestamptz
          order by max(created_at)
          limit ${limit}`),
      ).map((r) => ({
        customerId: r.customer_id,
        balance: Number(r.balance),
        lastActivityAt: new Date(r.last_activity),
      }));
    },

    /** Entries of one kind for a customer (tests and the operator console read them). */
    ofKind(customerId: string, kind: CreditEntryKind, executor: Database = db) {
      return executor
        .select()
        .from(creditEntries)
        .where(and(eq(creditEntries.customerId, customerId), eq(creditEntries.kind, kind)))
        .orderBy(desc(creditEntries.createdAt));
    },

    /** Keeps an adjustment waiting for approval (ADR 0313); with a key already used, returns the first one. */
    async insertRequest(request: NewCreditAdjustmentRequest, executor: Database) {
      const [inserted] = await executor
        .insert(creditAdjustmentRequests)
        .values(request)
        .onConflictDoNothing()
        .returning();
      if (inserted) return { row: inserted, created: true };
      const [existing] = await executor
        .select()
        .from(creditAdjustmentRequests)
        .where(eq(creditAdjustmentRequests.idempotencyKey, request.idempotencyKey));
      if (!existing) throw new Error("credit adjustment request not inserted");
      return { row: existing, created: false };
    },

    requestById(id: string, executor: Database = db) {
      return executor
        .select()
        .from(creditAdjustmentRequests)
        .where(eq(creditAdjustmentRequests.id, id))
        .then((rows) => rows[0]);
    },

    /**
     * Decides a PENDING request, once: the update matches only while it is PENDING, so of two racing decisions
     * the second waits for the first's row lock and then matches nothing (undefined).
     */
    async decideRequest(
      id: string,
      decision: { status: "APPROVED" | "REJECTED"; decidedBy: string; decidedAt: Date },
      executor: Database,
    ) {
      const [row] = await executor
        .update(creditAdjustmentRequests)
        .set(decision)
        .where(and(eq(creditAdjustmentRequests.id, id), eq(creditAdjustmentRequests.status, "PENDING")))
        .returning();
      return row;
    },

    async setRequestEntry(id: string, entryId: string, executor: Database) {
      await executor
        .update(creditAdjustmentRequests)
        .set({ entryId })
        .where(eq(creditAdjustmentRequests.id, id));
    },

    /** Requests waiting for a decision, oldest first; of one customer when given. */
    pendingRequests(customerId: string | undefined, limit: number, executor: Database = db) {
      return executor
        .select()
        .from(creditAdjustmentRequests)
        .where(
          and(
            eq(creditAdjustmentRequests.status, "PENDING"),
            customerId ? eq(creditAdjustmentRequests.customerId, customerId) : undefined,
          ),
        )
        .orderBy(asc(creditAdjustmentRequests.createdAt))
        .limit(limit);
    },
  };
}

export type CreditRepo = ReturnType<typeof createCreditRepo>;
