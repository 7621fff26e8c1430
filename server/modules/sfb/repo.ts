import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  type InviteState,
  inviteCodes,
  inviteDecisions,
  inviteSettings,
  invites,
} from "../../../db/schema/index.ts";

export type InviteRow = typeof invites.$inferSelect;
export type InviteCodeRow = typeof inviteCodes.$inferSelect;
export type InviteSettingsRow = typeof inviteSettings.$inferSelect;
export type NewInviteDecision = typeof inviteDecisions.$inferInsert;

/** Invite rewards' tables (ADR 0242). */
export function createSfbRepo(db: Database) {
  return {
    async settings(executor: Database = db): Promise<InviteSettingsRow | undefined> {
      const [row] = await executor.select().from(inviteSettings).where(eq(inviteSettings.id, 1));
      return row;
    },

    /** Changes the programme's rules (operators; the sandbox tools), creating the row if it is missing. */
    async updateSettings(
      values: Partial<Omit<InviteSettingsRow, "id" | "updatedAt">>,
      executor: Database = db,
    ) {
      await executor
        .insert(inviteSettings)
        .values({ id: 1, ...values, updatedAt: new Date() })
        .onConflictDoUpdate({ target: inviteSettings.id, set: { ...values, updatedAt: new Date() } });
    },

    async codeOf(customerId: string, executor: Database = db) {
      const [row] = await executor.select().from(inviteCodes).where(eq(inviteCodes.customerId, customerId));
      return row;
    },

    async byCode(code: string, executor: Database = db) {
      const [row] = await executor.select().from(inviteCodes).where(eq(inviteCodes.code, code));
      return row;
    },

    /** Inserts the customer's code; undefined when the code or the customer already has one (retry). */
    async insertCode(customerId: string, code: string) {
      const [row] = await db
        .insert(inviteCodes)
        .values({ customerId, code })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Serialises reward decisions for one inviter (the monthly cap) until the transaction ends. */
    async lockInviter(inviterId: string, executor: Database) {
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`sfb-inviter:${inviterId}`}))`);
    },

    async byFriend(friendId: string, executor: Database = db) {
      const [row] = await executor.select().from(invites).where(eq(invites.friendId, friendId)).for("update");
      return row;
    },

    /** A new invitation; undefined when the friend was already invited (one invitation per friend, ever). */
    async insertInvite(values: typeof invites.$inferInsert, executor: Database = db) {
      const [row] = await executor.insert(invites).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(
      id: string,
      values: Partial<
        Pick<InviteRow, "state" | "voidReason" | "firstOrderId" | "rewardMinor" | "rewardedAt">
      >,
      executor: Database,
    ) {
      await executor
        .update(invites)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(invites.id, id));
    },

    async rewardedSince(inviterId: string, since: Date, executor: Database) {
      const [row] = await executor
        .select({ count: count() })
        .from(invites)
        .where(
          and(
            eq(invites.inviterId, inviterId),
            eq(invites.state, "REWARDED"),
            gte(invites.rewardedAt, since),
          ),
        );
      return row?.count ?? 0;
    },

    async decide(values: NewInviteDecision, executor: Database = db) {
      await executor.insert(inviteDecisions).values(values);
    },

    decisionsOf(inviterOrFriendId: string) {
      return db
        .select()
        .from(inviteDecisions)
        .where(
          sql`${inviteDecisions.inviterId} = ${inviterOrFriendId} or ${inviteDecisions.friendId} = ${inviterOrFriendId}`,
        )
        .orderBy(desc(inviteDecisions.id));
    },

    friendsOf(inviterId: string) {
      return db
        .select()
        .from(invites)
        .where(eq(invites.inviterId, inviterId))
        .orderBy(desc(invites.createdAt));
    },

    countByState(inviterId: string, state: InviteState) {
      return db
        .select({ count: count() })
        .from(invites)
        .where(and(eq(invites.inviterId, inviterId), eq(invites.state, state)))
        .then((rows) => rows[0]?.count ?? 0);
    },
  };
}

export type SfbRepo = ReturnType<typeof createSfbRepo>;
