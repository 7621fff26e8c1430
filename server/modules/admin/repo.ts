import { and, asc, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { operatorInvitations, operatorSessions, operators } from "../../../db/schema/index.ts";

export type OperatorRow = typeof operators.$inferSelect;

/** The operator realm's tables (ADR 0221): operators, their sessions and invitations. */
export function createOperatorRepo(db: Database) {
  const x = (tx?: unknown) => (tx as Database | undefined) ?? db;
  return {
    byEmail: async (email: string, tx?: unknown) =>
      (await x(tx).select().from(operators).where(eq(operators.email, email)))[0] ?? null,
    byId: async (id: string, tx?: unknown) =>
      (await x(tx).select().from(operators).where(eq(operators.id, id)))[0] ?? null,
    lockById: async (id: string, tx: unknown) =>
      (await x(tx).select().from(operators).where(eq(operators.id, id)).for("update"))[0] ?? null,
    list: () => x().select().from(operators).orderBy(asc(operators.createdAt)),
    countActiveOwners: async (tx?: unknown) => {
      const rows = await x(tx)
        .select({ id: operators.id })
        .from(operators)
        .where(and(eq(operators.role, "owner"), eq(operators.status, "ACTIVE")));
      return rows.length;
    },
    insert: async (values: typeof operators.$inferInsert, tx?: unknown) =>
      (await x(tx).insert(operators).values(values).returning())[0]!,
    update: async (id: string, values: Partial<typeof operators.$inferInsert>, tx?: unknown) =>
      (
        await x(tx)
          .update(operators)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(operators.id, id))
          .returning()
      )[0] ?? null,
    /**
     * Accepts a TOTP step only if it is later than the last one accepted, in one statement: two requests with
     * the same code cannot both pass.
     */
    acceptTotpStep: async (id: string, step: number, tx?: unknown) => {
      const rows = await x(tx)
        .update(operators)
        .set({ totpLastStep: step })
        .where(
          and(eq(operators.id, id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))),
        )
        .returning({ id: operators.id });
      return rows.length === 1;
    },
    // Sessions.
    insertSession: (values: typeof operatorSessions.$inferInsert, tx?: unknown) =>
      x(tx).insert(operatorSessions).values(values),
    sessionWithOperator: async (tokenHash: string) =>
      (
        await x()
          .select({ session: operatorSessions, operator: operators })
          .from(operatorSessions)
          .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
          .where(eq(operatorSessions.tokenHash, tokenHash))
      )[0] ?? null,
    touchSession: (tokenHash: string, at: Date) =>
      x().update(operatorSessions).set({ lastSeenAt: at }).where(eq(operatorSessions.tokenHash, tokenHash)),
    deleteSession: (tokenHash: string) =>
      x().delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash)),
    deleteSessionsOf: (operatorId: string, tx?: unknown) =>
      x(tx).delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId)),
    deleteExpiredSessions: (now: Date, idleBefore: Date) =>
      x()
        .delete(operatorSessions)
        .where(or(lt(operatorSessions.expiresAt, now), lt(operatorSessions.lastSeenAt, idleBefore))),
    // Invitations.
    insertInvitation: (values: typeof operatorInvitations.$inferInsert, tx?: unknown) =>
      x(tx).insert(operatorInvitations).values(values),
    /** The unspent, unexpired invitation with this token hash, and its operator. */
    openInvitation: async (tokenHash: string, now: Date, tx?: unknown) =>
      (
        await x(tx)
          .select({ invitation: operatorInvitations, operator: operators })
          .from(operatorInvitations)
          .innerJoin(operators, eq(operators.id, operatorInvitations.operatorId))
          .where(
            and(
              eq(operatorInvitations.tokenHash, tokenHash),
              isNull(operatorInvitations.usedAt),
              gt(operatorInvitations.expiresAt, now),
            ),
          )
      )[0] ?? null,
    /** Spends an invitation; false when another request spent it first. */
    spendInvitation: async (tokenHash: string, now: Date, tx?: unknown) => {
      const rows = await x(tx)
        .update(operatorInvitations)
        .set({ usedAt: now })
        .where(and(eq(operatorInvitations.tokenHash, tokenHash), isNull(operatorInvitations.usedAt)))
        .returning({ tokenHash: operatorInvitations.tokenHash });
      return rows.length === 1;
    },
    /** Voids an operator's open invitations (a new link replaces the old). */
    voidInvitationsOf: (operatorId: string, now: Date, tx?: unknown) =>
      x(tx)
        .update(operatorInvitations)
        .set({ usedAt: now })
        .where(and(eq(operatorInvitations.operatorId, operatorId), isNull(operatorInvitations.usedAt))),
    transaction: <T>(fn: (tx: Database) => Promise<T>) =>
      db.transaction((tx) => fn(tx as unknown as Database)),
  };
}

export type OperatorRepo = ReturnType<typeof createOperatorRepo>;
