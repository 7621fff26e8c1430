import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { TransactionRollbackError } from "drizzle-orm";
import type { Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import type { RateLimiter } from "../../infra/rate-limit.ts";
import { designedEmail } from "../../providers/messages/email-template.ts";
import type { MessageSender, OutboundMessage } from "../../providers/messages/outbox.ts";
import { contactAddress, contactTarget } from "./contact.ts";
import type { Contact } from "./inputs.ts";
import type { AccountRepo } from "./repo.ts";

export type CodePurpose = "REGISTER" | "LOGIN" | "RESET_PASSWORD" | "DELETE_ACCOUNT";

const CODE_TTL_MS = 10 * 60_000;
const MAX_ATTEMPTS = 5;

/**
 * ADR 0189: an HMAC keyed with a server secret, so a copy of the database alone cannot try the million codes
 * against a stored hash (a plain SHA-256 of id and code could be).
 */
function codeHasher(secret: string) {
  const codeHash = (id: string, code: string) =>
    createHmac("sha256", secret).update(`${id}:${code}`).digest("hex");
  const matches = (row: { id: string; codeHash: string }, code: string) => {
    const expected = Buffer.from(codeHash(row.id, code));
    const stored = Buffer.from(row.codeHash);
    return stored.length === expected.length && timingSafeEqual(stored, expected);
  };
  return { codeHash, matches };
}

/**
 * Six-digit codes sent by e-mail or SMS (spec 5, 7): crypto.randomInt, stored as an HMAC, 10 minutes, single use,
 * at most 5 wrong tries each and 10 checks per target in 10 minutes (ADR 0065).
 */
export function createVerificationCodes(
  repo: AccountRepo,
  messages: MessageSender,
  limiter: RateLimiter,
  secret: string,
) {
  const { codeHash, matches } = codeHasher(secret);
  return {
    /**
     * Writes the code and its message in one transaction; returns the code's key (the response's captchaKey).
     * With `deliver: false` (a LOGIN code for an address with no account, issue 32, ADR 0313) it does the same
     * work (the same message rendered, the same statements in the same transaction) but keeps nothing in the
     * outbox: the code is never sent, so nobody can use it, and the answer takes as long as a real send.
     */
    async send(
      contact: Contact,
      purpose: CodePurpose,
      locale: Locale,
      options: { deliver: boolean } = { deliver: true },
    ): Promise<string> {
      const id = randomBytes(18).toString("base64url");
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      // Rendered before the transaction: PGlite is one connection, and the render needs none.
      const message: OutboundMessage =
        contact.kind === "email"
          ? await designedEmail({
              to: contactAddress(contact),
              subject: translate(locale, "account.codeEmailSubject"),
              locale,
              preview: translate(locale, "mail.codePreview", { code }),
              blocks: [
                { kind: "heading", text: translate(locale, "mail.codeHeading") },
                { kind: "code", text: code },
                { kind: "text", text: translate(locale, "account.codeEmailBody", { code }) },
              ],
            })
          : {
              channel: "SMS",
              to: contactAddress(contact),
              body: translate(locale, "account.codeSms", { code }),
            };
      await repo.db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        await repo.insertCode(
          {
            id,
            target: contactTarget(contact),
            purpose,
            codeHash: codeHash(id, code),
            expiresAt: new Date(Date.now() + CODE_TTL_MS),
          },
          executor,
        );
        // The message is written in a savepoint either way; undelivered, the savepoint is rolled back, so both
        // cases send the database the same statements and nothing stays behind (ADR 0313).
        await executor
          .transaction(async (savepoint) => {
            await messages.send(message, savepoint as unknown as Database);
            if (!options.deliver) savepoint.rollback();
          })
          .catch((error: unknown) => {
            if (!(error instanceof TransactionRollbackError)) throw error;
          });
      });
      return id;
    },

    /**
     * Spends the code, or throws 验证码错误 (wrong, already used or tried too often) or, when it is the right code
     * of the newest unused one that has expired, 验证码已过期，请重新获取 (ADR 0065). Every try at an existing code
     * counts, matching or not, so an expired code answers at most five guesses like a live one, and it only says
     * "expired" when the guess was right: a wrong code never learns whether a code is live or expired.
     */
    async consume(contact: Contact, purpose: CodePurpose, code: string, captchaKey?: string) {
      const target = contactTarget(contact);
      await limiter.hit("codeCheckTarget", target);
      const invalid = new ApiError(400, "account.codeInvalid", {
        fields: { captcha: "account.codeInvalid" },
      });
      const row = await repo.latestUsableCode(target, purpose, MAX_ATTEMPTS);
      if (!row) {
        const stale = await repo.latestExpiredCode(target, purpose, MAX_ATTEMPTS);
        if (!stale || (captchaKey && captchaKey !== stale.id)) throw invalid;
        await repo.countCodeAttempt(stale.id);
        if (!matches(stale, code)) {
          await limiter.attempt("codeFailures", target);
          throw invalid;
        }
        throw new ApiError(400, "account.codeExpired", { fields: { captcha: "account.codeExpired" } });
      }
      if (captchaKey && captchaKey !== row.id) throw invalid;
      if (!matches(row, code)) {
        await repo.countCodeAttempt(row.id);
        // ADR 0321: a wrong code makes the next send to this address ask for an image captcha.
        await limiter.attempt("codeFailures", target);
        throw invalid;
      }
      if (!(await repo.consumeCode(row.id, target, purpose))) throw invalid;
    },

    /**
     * Sandbox tool only (/__dev/codes/expire): the live codes sent to an address (e-mail, or E.164 phone) expire
     * as if their 10 minutes had passed, and with them the one-per-minute send interval they started. Returns
     * how many codes expired.
     */
    async expireLive(address: string): Promise<number> {
      const rows = await repo.expireLiveCodes(address);
      const intervals = new Set(rows.map((row) => `${row.target}|${row.purpose}`));
      for (const subject of intervals) await limiter.reset("codeSendInterval", subject);
      return rows.length;
    },
  };
}

export type VerificationCodes = ReturnType<typeof createVerificationCodes>;
