import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from "../../../core/validation.ts";

export type PasswordRule = "length" | "letter" | "digit" | "special";

/** spec 5 password rule, part by part, for live feedback while typing (the full check is PATTERNS.password). */
export function passwordRuleStates(password: string): Record<PasswordRule, boolean> {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    letter: /[A-Za-z]/.test(password),
    digit: /\d/.test(password),
    special: [...password].some((c) => PASSWORD_SPECIALS.includes(c)),
  };
}
