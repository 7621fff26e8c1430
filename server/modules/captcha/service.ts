import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { ApiError } from "../../http/errors.ts";
import { renderCaptchaSvg, svgDataUrl } from "./captcha-image.ts";
import { revealDigits } from "./obfuscation.ts";
import type { CaptchaRepo } from "./repo.ts";

const DIGITS = 4;
const CAPTCHA_TTL_MS = 5 * 60_000;
const CHECK_KEY_TTL_MS = 5 * 60_000;

function hash(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(0, 10))).join("");
}

export interface CaptchaProof {
  captcha?: string;
  captchaKey?: string;
  lastCheckKey?: string;
}

/**
 * Image captchas (spec 5, 7): answer hashed, 5 minutes, checked once. A solved captcha yields a lastCheckKey
 * (spec 3), a single-use proof bound to the account it was solved for, which a code send then spends.
 */
export function createCaptchaService(repo: CaptchaRepo, options: { keepAnswersForDev: boolean }) {
  // Outside production the answers of recent captchas are kept in memory, for /__dev/captcha (tests, dev).
  const devAnswers = new Map<string, string>();

  async function checkAnswer(captchaKey: string, obfuscated: string) {
    const row = await repo.consume(captchaKey);
    if (!row) throw new ApiError(400, "captcha.invalid");
    const answer = revealDigits(obfuscated, row.obfuscationKey);
    if (!sameHash(hash(`${captchaKey}:${answer}`), row.answerHash))
      throw new ApiError(400, "captcha.invalid");
  }

  async function issueCheckKey(captchaKey: string, account: string | null) {
    const secret = randomBytes(24).toString("base64url");
    await repo.saveCheckKey(captchaKey, hash(secret), account, new Date(Date.now() + CHECK_KEY_TTL_MS));
    return `${captchaKey}.${secret}`;
  }

  return {
    /** Housekeeping (the account module's hourly purge): captchas that expired before `olderThan`. */
    purgeExpired: (olderThan: Date) => repo.purgeExpired(olderThan),

    async generate() {
      const captchaKey = randomBytes(18).toString("base64url");
      const answer = randomDigits(DIGITS);
      const obfuscationKey = randomDigits(DIGITS);
      await repo.insert({
        key: captchaKey,
        answerHash: hash(`${captchaKey}:${answer}`),
        obfuscationKey,
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
      });
      if (options.keepAnswersForDev) {
        devAnswers.set(captchaKey, answer);
        if (devAnswers.size > 1000) devAnswers.delete(devAnswers.keys().next().value!);
      }
      return {
        captchaKey,
        image: svgDataUrl(renderCaptchaSvg(answer)),
        obfuscationKey,
        expiresIn: CAPTCHA_TTL_MS / 1000,
      };
    },

    devAnswer(captchaKey: string): string | null {
      return devAnswers.get(captchaKey) ?? null;
    },

    /** Checks (and uses up) a captcha; returns a lastCheckKey bound to account, or unbound when null. */
    async preValidate(captchaKey: string, obfuscated: string, account: string | null) {
      await checkAnswer(captchaKey, obfuscated);
      return issueCheckKey(captchaKey, account);
    },

    /**
     * Before a code is sent: either a lastCheckKey (bound to this account or unbound) or a captcha solved in
     * the same request. Either is spent.
     */
    async requireProof(proof: CaptchaProof, accounts: string[]) {
      if (proof.lastCheckKey) {
        const [captchaKey, secret] = proof.lastCheckKey.split(".");
        const row = captchaKey && secret ? await repo.consumeCheckKey(captchaKey, hash(secret)) : null;
        if (!row || (row.checkAccount !== null && !accounts.includes(row.checkAccount))) {
          throw new ApiError(400, "captcha.invalid");
        }
        return;
      }
      if (proof.captcha && proof.captchaKey) {
        await checkAnswer(proof.captchaKey, proof.captcha);
        return;
      }
      throw new ApiError(400, "captcha.required", { fields: { captcha: "account.field.required" } });
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
