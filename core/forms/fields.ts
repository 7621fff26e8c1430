import { z } from "zod";
import { hasBidiControl, PATTERNS } from "../validation.ts";

// Field errors carry message keys (like core/validation.ts): the browser shows them in the shopper's language.
// spec 5: required fails '不能为空' (account.field.required), a wrong type '值类型不匹配！'.
export const REQUIRED = "account.field.required";
export const INVALID = "account.field.invalid";
export const TYPE_MISMATCH = "account.field.typeMismatch";

const fieldError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : TYPE_MISMATCH;

/** A required text field, trimmed, of at most `max` characters. */
export const text = (max: number) =>
  z.string({ error: fieldError }).trim().min(1, REQUIRED).max(max, INVALID);

/**
 * A person's name (a nickname, a display name), trimmed, of at most `max` characters, without bidirectional
 * control characters (issue 32 item 9: U+202E in a name reverses the headline it is shown in).
 */
export const personName = (max: number) =>
  text(max).refine((value) => !hasBidiControl(value), "validation.bidiControls");

/** spec 5's e-mail pattern (core/validation.ts), at most 254 characters, trimmed and lower-cased. */
export const email = () =>
  text(254)
    .regex(PATTERNS.email, "validation.email")
    .transform((v) => v.toLowerCase());
