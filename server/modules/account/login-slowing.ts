import { ApiError } from "../../http/errors.ts";
import { RATE_RULES, type RateLimiter } from "../../infra/rate-limit.ts";
import type { CaptchaProof, CaptchaService } from "../captcha/service.ts";

/** The per-account counters of wrong passwords (ADR 0187 for shoppers, ADR 0312 for operators). */
export type LoginFailureRule = "loginFailures" | "operatorLoginFailures";

/**
 * ADR 0187: the pause before the password of sign-in attempt `attempt` (counted per account in the rule's
 * window, a success clears it) is checked. Nothing within the rule's free attempts; then 250 ms, doubling each
 * attempt, up to maxMs.
 */
export function loginPauseMs(
  attempt: number,
  maxMs: number,
  freeAttempts: number = RATE_RULES.loginFailures.limit,
): number {
  const over = attempt - freeAttempts;
  if (over <= 0) return 0;
  return Math.min(maxMs, 250 * 2 ** Math.min(over - 1, 20));
}

const pause = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : undefined);

/**
 * Wrong passwords slow an account down and ask for a captcha; they never lock it (ADR 0187, and ADR 0312 for the
 * operator console). One gate for every password sign-in: the shopper's and the operator's.
 */
export function createLoginSlowing(deps: { limiter: RateLimiter; captcha: CaptchaService; maxMs: number }) {
  const { limiter, captcha, maxMs } = deps;
  return {
    /**
     * Before a password is checked: counts the attempt on `target` up front (atomically, so parallel guesses
     * cannot all slip under the threshold). Past the rule's free attempts the attempt must carry a solved image
     * captcha (`captcha` + `captchaKey`, or a `lastCheckKey` bound to one of `accounts`), else 400
     * captcha.required, and waits loginPauseMs. Right and wrong passwords wait alike.
     */
    async beforePassword(rule: LoginFailureRule, target: string, proof: CaptchaProof, accounts: string[]) {
      const attempt = await limiter.attempt(rule, target);
      const free = RATE_RULES[rule].limit;
      if (attempt <= free) return;
      if (!proof.lastCheckKey && !(proof.captcha && proof.captchaKey))
        throw new ApiError(400, "captcha.required", { fields: { captcha: "captcha.required" } });
      await captcha.requireProof(proof, accounts);
      await pause(loginPauseMs(attempt, maxMs, free));
    },

    /** The right password: the account's count starts again. */
    succeeded: (rule: LoginFailureRule, target: string) => limiter.reset(rule, target),
  };
}

export type LoginSlowing = ReturnType<typeof createLoginSlowing>;
