import { PATTERNS } from "../../../core/validation.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

// spec 5, 9: password 8 to 20 characters with a letter, a digit and a special character; the same pattern the
// browser checks (core/validation.ts).
export const PASSWORD_PATTERN = PATTERNS.password;

const LEET: Record<string, string> = {
  "@": "a",
  "4": "a",
  "0": "o",
  "3": "e",
  $: "s",
  "5": "s",
  "!": "i",
  "7": "t",
};

const COMMON = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

/** The message key of the first rule the password breaks, or null when it is acceptable. */
export function passwordProblem(password: string): "account.passwordRule" | "account.passwordCommon" | null {
  if (!PASSWORD_PATTERN.test(password)) return "account.passwordRule";
  // OWASP ASVS: refuse passwords from a list of the most common ones: case-insensitively, with the usual
  // character swaps undone and the special characters stripped (so "P@ssw0rd!" is caught as "password").
  const lower = password.toLowerCase();
  const forms = [lower, lower.replace(/[^a-z0-9]+$/, "")];
  const candidates = forms.flatMap((form) => [
    form,
    form.replace(/[^a-z0-9]/g, ""),
    [...form]
      .map((c) => LEET[c] ?? c)
      .join("")
      .replace(/[^a-z0-9]/g, ""),
  ]);
  return candidates.some((candidate) => COMMON.has(candidate)) ? "account.passwordCommon" : null;
}
