import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { captchas } from "../../../db/schema/index.ts";

export function createCaptchaRepo(db: Database) {
  return {
    async insert(row: { key: string; answerHash: string; obfuscationKey: string; expiresAt: Date }) {
      await db.insert(captchas).values(row);
    },
    /** Marks the captcha used and returns it, once: a second check, right or wrong, finds nothing. */
    async consume(key: string) {
      const [row] = await db
        .update(captchas)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(captchas.key, key), isNull(captchas.consumedAt), gt(captchas.expiresAt, sql`now()`)))
        .returning({ answerHash: captchas.answerHash, obfuscationKey: captchas.obfuscationKey });
      return row ?? null;
    },
    async saveCheckKey(key: string, checkKeyHash: string, account: string | null, expiresAt: Date) {
      await db
        .update(captchas)
        .set({ checkKeyHash, checkAccount: account, checkExpiresAt: expiresAt })
        .where(eq(captchas.key, key));
    },
    async consumeCheckKey(key: string, checkKeyHash: string) {
      const [row] = await db
        .update(captchas)
        .set({ checkConsumedAt: sql`now()` })
        .where(
          and(
            eq(captchas.key, key),
            eq(captchas.checkKeyHash, checkKeyHash),
            isNull(captchas.checkConsumedAt),
            gt(captchas.checkExpiresAt, sql`now()`),
          ),
        )
        .returning({ checkAccount: captchas.checkAccount });
      return row ?? null;
    },
    /** Housekeeping: captchas that expired before `olderThan`. */
    async purgeExpired(olderThan: Date) {
      await db.delete(captchas).where(lt(captchas.expiresAt, olderThan));
    },
  };
}

export type CaptchaRepo = ReturnType<typeof createCaptchaRepo>;
