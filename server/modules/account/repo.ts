import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  customerSessions,
  customerSocialIdentities,
  customers,
  verificationCodes,
} from "../../../db/schema/index.ts";
import { contactAddress, contactTarget } from "./contact.ts";
import type { Contact } from "./inputs.ts";

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

const active = isNull(customers.deletedAt);

function contactCondition(contact: Contact) {
  return contact.kind === "email"
    ? eq(customers.email, contact.email)
    : and(
        eq(customers.internationalTelCode, contact.internationalTelCode),
        eq(customers.phone, contact.phone),
      );
}

/** Postgres unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export function createAccountRepo(db: Database) {
  /** The newest unused code for a target and purpose with tries left, still live or already expired. */
  async function latestUnusedCode(
    target: string,
    purpose: string,
    maxAttempts: number,
    when: "live" | "expired",
  ) {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.target, target),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          when === "live"
            ? gt(verificationCodes.expiresAt, sql`now()`)
            : lte(verificationCodes.expiresAt, sql`now()`),
          lt(verificationCodes.attempts, maxAttempts),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row ?? null;
  }

  return {
    db,
    /** Housekeeping: rows no request can use any more (ended sessions, spent or stale codes). */
    async purgeExpired(olderThan: Date) {
      // Rotated sessions stay until their refresh token would have expired: reuse detection needs them.
      await db.delete(customerSessions).where(lt(customerSessions.refreshExpiresAt, olderThan));
      // A successor's sealed tokens serve only the reuse grace window (seconds, ADR 0068): drop stragglers.
      await db
        .update(customerSessions)
        .set({ successorTokens: null })
        .where(
          and(
            isNotNull(customerSessions.successorTokens),
            lt(customerSessions.rotatedAt, sql`now() - interval '10 minutes'`),
          ),
        );
      await db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, olderThan));
    },
    async findByContact(contact: Contact) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(contactCondition(contact), active))
        .limit(1);
      return row ?? null;
    },
    /** The console's customer search (issue 16): e-mail, phone or nickname, case-insensitive prefix. */
    async consoleSearch(term: string, limit: number) {
      const like = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .select()
        .from(customers)
        .where(
          or(
            sql`lower(${customers.email}) like lower(${like})`,
            sql`${customers.phone} like ${like}`,
            sql`lower(${customers.nickName}) like lower(${like})`,
            sql`${customers.id}::text = ${term}`,
          ),
        )
        .orderBy(desc(customers.createdAt))
        .limit(limit);
    },

    async findById(id: string) {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.id, id), active))
        .limit(1);
      return row ?? null;
    },
    /** An account deleted or not: the console keeps showing a deleted (anonymised) account's record. */
    async findRecordById(id: string) {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row ?? null;
    },
    async insertCustomer(values: NewCustomer, executor: Database = db) {
      const [row] = await executor.insert(customers).values(values).returning();
      return row!;
    },
    async updateCustomer(id: string, values: Partial<NewCustomer>, executor: Database = db) {
      const [row] = await executor
        .update(customers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(customers.id, id), active))
        .returning();
      return row ?? null;
    },
    /**
     * Account deletion (ADRs 0063, 0165), the account's own share: the customer row stays, without personal
     * data; the codes addressed to its contacts are deleted; sessions lose their user agent. Returns the
     * account's contact addresses, so the other modules' shares can forget what was sent to them.
     */
    async anonymize(id: string, executor: Database = db): Promise<string[]> {
      const [row] = await executor
        .select({ email: customers.email, phone: customers.phone, telCode: customers.internationalTelCode })
        .from(customers)
        .where(eq(customers.id, id))
        .limit(1);
      const contacts: Contact[] = [];
      if (row?.email) contacts.push({ kind: "email", email: row.email });
      if (row?.phone && row.telCode) {
        contacts.push({ kind: "phone", phone: row.phone, internationalTelCode: row.telCode });
      }
      if (contacts.length) {
        await executor
          .delete(verificationCodes)
          .where(inArray(verificationCodes.target, contacts.map(contactTarget)));
      }
      await executor
        .update(customerSessions)
        .set({ userAgent: null })
        .where(eq(customerSessions.customerId, id));
      await executor
        .update(customers)
        .set({
          email: null,
          phone: null,
          internationalTelCode: null,
          passwordHash: null,
          nickName: null,
          billingAddress: null,
          loginName: null,
          defaultLanguage: null,
          preferenceCurrency: null,
          status: "DELETED",
          deletedAt: sql`now()`,
          anonymizedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(customers.id, id));
      await executor.delete(customerSocialIdentities).where(eq(customerSocialIdentities.customerId, id));
      return contacts.map(contactAddress);
    },

    async findIdentity(provider: string, subject: string) {
      const [row] = await db
        .select({ identity: customerSocialIdentities, customer: customers })
        .from(customerSocialIdentities)
        .innerJoin(customers, eq(customers.id, customerSocialIdentities.customerId))
        .where(
          and(
            eq(customerSocialIdentities.provider, provider),
            eq(customerSocialIdentities.subject, subject),
            active,
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async insertIdentity(
      values: { customerId: string; provider: string; subject: string; email: string | null },
      executor: Database = db,
    ) {
      await executor.insert(customerSocialIdentities).values(values);
    },

    async insertSession(values: typeof customerSessions.$inferInsert, executor: Database = db) {
      await executor.insert(customerSessions).values(values);
    },
    async findSessionByAccessHash(accessTokenHash: string) {
      const [row] = await db
        .select({ session: customerSessions, customer: customers })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.accessTokenHash, accessTokenHash),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, sql`now()`),
            active,
          ),
        )
        .limit(1);
      return row ?? null;
    },
    async findSessionByRefreshHash(refreshTokenHash: string) {
      const [row] = await db
        .select()
        .from(customerSessions)
        .where(eq(customerSessions.refreshTokenHash, refreshTokenHash))
        .limit(1);
      return row ?? null;
    },
    /** Marks a session rotated and ended, once: a concurrent second use finds nothing to update. */
    async claimRotation(id: string, executor: Database = db) {
      const rows = await executor
        .update(customerSessions)
        .set({ rotatedAt: sql`now()`, revokedAt: sql`now()` })
        .where(
          and(
            eq(customerSessions.id, id),
            isNull(customerSessions.rotatedAt),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.refreshExpiresAt, sql`now()`),
          ),
        )
        .returning({ id: customerSessions.id });
      return rows.length === 1;
    },
    /** Keeps the sealed successor pair on the rotated session (ADR 0068). */
    async storeSuccessorTokens(id: string, sealed: string, executor: Database = db) {
      await executor
        .update(customerSessions)
        .set({ successorTokens: sealed })
        .where(eq(customerSessions.id, id));
    },
    /** Drops a sealed successor pair that no replay can use any more (its successor has rotated). */
    async forgetSuccessorTokens(id: string) {
      await db
        .update(customerSessions)
        .set({ successorTokens: null })
        .where(and(eq(customerSessions.id, id), isNotNull(customerSessions.successorTokens)));
    },
    /**
     * The live successor of a session rotated less than `graceS` seconds ago: the session its rotation made,
     * neither rotated nor revoked since, with both tokens unexpired (ADR 0068). Null otherwise.
     */
    async findGraceSuccessor(rotated: { id: string; familyId: string }, graceS: number) {
      const [row] = await db
        .select({ session: customerSessions })
        .from(customerSessions)
        .innerJoin(customers, eq(customers.id, customerSessions.customerId))
        .where(
          and(
            eq(customerSessions.rotatedFrom, rotated.id),
            eq(customerSessions.familyId, rotated.familyId),
            isNull(customerSessions.rotatedAt),
            isNull(customerSessions.revokedAt),
            gt(customerSessions.expiresAt, sql`now()`),
            gt(customerSessions.refreshExpiresAt, sql`now()`),
            active,
            sql`exists (select 1 from customer_session parent where parent.id = ${rotated.id}
              and parent.rotated_at > now() - make_interval(secs => ${graceS}::double precision))`,
          ),
        )
        .limit(1);
      return row?.session ?? null;
    },
    async revokeFamily(familyId: string, executor: Database = db) {
      await executor
        .update(customerSessions)
        .set({ revokedAt: sql`coalesce(${customerSessions.revokedAt}, now())`, successorTokens: null })
        .where(
          and(
            eq(customerSessions.familyId, familyId),
            or(isNull(customerSessions.revokedAt), isNotNull(customerSessions.successorTokens)),
          ),
        );
    },
    async revokeAllSessions(customerId: string, executor: Database = db) {
      await executor
        .update(customerSessions)
        .set({ revokedAt: sql`coalesce(${customerSessions.revokedAt}, now())`, successorTokens: null })
        .where(
          and(
            eq(customerSessions.customerId, customerId),
            or(isNull(customerSessions.revokedAt), isNotNull(customerSessions.successorTokens)),
          ),
        );
    },

    async insertCode(values: typeof verificationCodes.$inferInsert, executor: Database = db) {
      await executor.insert(verificationCodes).values(values);
    },
    /** The newest code for this target and purpose that can still be used. */
    latestUsableCode(target: string, purpose: string, maxAttempts: number) {
      return latestUnusedCode(target, purpose, maxAttempts, "live");
    },
    /**
     * The newest code for this target and purpose that is past its expiry but was never used nor tried too often:
     * the one a shopper who waited too long is typing (ADR 0065). Only asked when no usable code exists.
     */
    latestExpiredCode(target: string, purpose: string, maxAttempts: number) {
      return latestUnusedCode(target, purpose, maxAttempts, "expired");
    },
    async countCodeAttempt(id: string) {
      await db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, id));
    },
    /**
     * Sandbox tool only (/__dev/codes/expire): the live codes sent to an address (an e-mail, or a phone in E.164
     * form as the outbox shows it) end now. Returns the target and purpose of each.
     */
    async expireLiveCodes(address: string) {
      const email = `email:${address.toLowerCase()}`;
      return db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(
          and(
            or(
              eq(verificationCodes.target, email),
              and(
                sql`${verificationCodes.target} like 'phone:%'`,
                sql`'+' || replace(substr(${verificationCodes.target}, 7), '-', '') = ${address}`,
              ),
            ),
            isNull(verificationCodes.consumedAt),
            gt(verificationCodes.expiresAt, sql`now()`),
          ),
        )
        .returning({ target: verificationCodes.target, purpose: verificationCodes.purpose });
    },
    /** Uses a code up, once; also retires older codes for the same target and purpose. */
    async consumeCode(id: string, target: string, purpose: string) {
      const rows = await db
        .update(verificationCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            or(
              eq(verificationCodes.id, id),
              and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)),
            ),
            isNull(verificationCodes.consumedAt),
          ),
        )
        .returning({ id: verificationCodes.id });
      return rows.some((row) => row.id === id);
    },
  };
}

export type AccountRepo = ReturnType<typeof createAccountRepo>;
