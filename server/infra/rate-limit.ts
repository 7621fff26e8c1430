import { createHash } from "node:crypto";
import { ApiError } from "../http/errors.ts";
import type { CounterStore } from "./counter-store.ts";

export interface RateRule {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Fixed-window limits (ADR 0065). Each guarded action is limited per subject kind: the account or target
 * (e-mail or phone) it is about, and the client IP, so one address cannot spray many accounts and many
 * addresses cannot hammer one account.
 */
export const RATE_RULES = {
  captchaGenerateIp: { limit: 30, windowMs: MINUTE },
  captchaCheckIp: { limit: 30, windowMs: MINUTE },
  // spec 9: one code per 60 s to the same target and purpose (the countdown interval).
  codeSendInterval: { limit: 1, windowMs: MINUTE },
  codeSendTarget: { limit: 10, windowMs: 60 * MINUTE },
  codeSendIp: { limit: 30, windowMs: 60 * MINUTE },
  codeCheckTarget: { limit: 10, windowMs: 10 * MINUTE },
  codeCheckIp: { limit: 60, windowMs: 10 * MINUTE },
  // ADR 0321 (captcha by risk): sends counted per address and per client (limits unused: the thresholds are the
  // account module's), and wrong codes per address, each of which makes the next send ask for an image captcha.
  codeSendRiskTarget: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60 * MINUTE },
  codeSendRiskIp: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60 * MINUTE },
  codeFailures: { limit: Number.MAX_SAFE_INTEGER, windowMs: 10 * MINUTE },
  // Re-authentication (deleting an account, binding a social sign-in to an existing one).
  loginAccount: { limit: 10, windowMs: 15 * MINUTE },
  // ADR 0187: wrong passwords per account before each sign-in to it needs an image captcha (and is slowed).
  loginFailures: { limit: 5, windowMs: 15 * MINUTE },
  loginIp: { limit: 100, windowMs: 15 * MINUTE },
  accountLookupIp: { limit: 30, windowMs: MINUTE },
  socialLoginIp: { limit: 60, windowMs: 15 * MINUTE },
  // The help centre's contact form (issue 10).
  supportMessageIp: { limit: 5, windowMs: 60 * MINUTE },
  // The operator console (issue 16, ADR 0221): passwords per IP, TOTP codes per operator. ADR 0312: wrong
  // passwords per operator e-mail before each sign-in to it needs an image captcha (and is slowed), never a lock.
  operatorLoginFailures: { limit: 5, windowMs: 15 * MINUTE },
  operatorLoginIp: { limit: 50, windowMs: 15 * MINUTE },
  operatorTotp: { limit: 5, windowMs: 5 * MINUTE },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;

export interface RateLimiter {
  /** Counts one attempt; throws a 429 error.rateLimited once the rule's limit is passed. */
  hit(rule: RateRuleName, subject: string): Promise<void>;
  /** Counts one attempt and reports whether it was within the limit, without throwing. */
  allowed(rule: RateRuleName, subject: string): Promise<boolean>;
  reset(rule: RateRuleName, subject: string): Promise<void>;
  /** Counts one attempt and returns how many the rule's current window holds now, this one included. */
  attempt(rule: RateRuleName, subject: string): Promise<number>;
  /** How many attempts the rule's current window holds, without counting one. */
  count(rule: RateRuleName, subject: string): Promise<number>;
}

// Subjects (e-mail addresses, phone numbers) are hashed so the counter store never holds personal data.
function counterKey(rule: string, subject: string): string {
  return `${rule}:${createHash("sha256").update(subject).digest("base64url").slice(0, 22)}`;
}

export function createRateLimiter(
  store: CounterStore,
  rules: Record<RateRuleName, RateRule> = RATE_RULES,
): RateLimiter {
  async function allowed(rule: RateRuleName, subject: string) {
    const { limit, windowMs } = rules[rule];
    const { count } = await store.increment(counterKey(rule, subject), windowMs);
    return count <= limit;
  }
  return {
    allowed,
    async hit(rule, subject) {
      if (!(await allowed(rule, subject))) throw new ApiError(429, "error.rateLimited");
    },
    async reset(rule, subject) {
      await store.reset(counterKey(rule, subject));
    },
    async count(rule, subject) {
      return store.peek(counterKey(rule, subject));
    },
    async attempt(rule, subject) {
      return (await store.increment(counterKey(rule, subject), rules[rule].windowMs)).count;
    },
  };
}
