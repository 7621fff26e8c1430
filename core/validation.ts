import { z } from "zod";
import type { Locale } from "./constants.ts";
import { isMessageKey, type MessageKey, translate } from "./i18n/index.ts";

/*
 * spec 5: every validation pattern in one module, shared by the browser (instant feedback) and the server
 * (the real check). Patterns are anchored and never global, so `test` has no lastIndex state.
 * The zod helpers report message keys ("validation.email") as issue messages; the browser translates them
 * with `validationText`, and the server's parseInput passes them on as field errors.
 */

/**
 * The special characters a password must contain one of (ADR 0020): the 32 printable ASCII punctuation
 * characters (OWASP's list), so every one can be typed on any keyboard without an IME.
 */
export const PASSWORD_SPECIALS = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
export const PASSWORD_MIN = 8; // spec 9: password 8 to 20
export const PASSWORD_MAX = 20;

const SPECIAL_CLASS = "!\"#$%&'()*+,\\-./:;<=>?@[\\\\\\]^_`{|}~";

export const PATTERNS = {
  /** Chinese characters, letters and digits. */
  username: /^[\p{Script=Han}A-Za-z0-9]+$/u,
  /** Local part, @, domain labels, then a 2 to 6 letter top-level domain. */
  email:
    /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/,
  /** Mainland China mobile: 1, then 3 to 9, then nine digits. */
  mobile: /^1[3-9]\d{9}$/,
  /** Landline: optional area code (0 plus 2 or 3 digits) and dash, 7 or 8 digits, optional extension. */
  landline: /^(?:0\d{2,3}-?)?[1-9]\d{6,7}(?:-\d{1,6})?$/,
  /** No leading or trailing whitespace (an empty value passes; emptiness is the required rule's job). */
  noEdgeSpaces: /^(?!\s)[\s\S]*(?<!\s)$/,
  /** 8 to 20 of letters, digits and PASSWORD_SPECIALS, with at least one of each kind. */
  password: new RegExp(
    `^(?=[^A-Za-z]*[A-Za-z])(?=\\D*\\d)(?=[^${SPECIAL_CLASS}]*[${SPECIAL_CLASS}])[A-Za-z\\d${SPECIAL_CLASS}]{${PASSWORD_MIN},${PASSWORD_MAX}}$`,
  ),
  /** http or https URL with a dotted host name (or IPv4 address), optional port, path, query and hash. */
  url: /^https?:\/\/(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}|(?:\d{1,3}\.){3}\d{1,3})(?::\d{1,5})?(?:[/?#]\S*)?$/,
  /** Mainland identity card shape: area, birth date, sequence, check digit (see isIdCard for the checksum). */
  idCard: /^[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/,
  /** Passport: 5 to 17 letters or digits (covers mainland E/G-series and foreign passports). */
  passport: /^[A-Za-z0-9]{5,17}$/,
  /** Codes: a letter or digit, then letters, digits, dash, underscore, dot or slash. */
  code: /^[A-Za-z0-9][A-Za-z0-9\-_./]*$/,
  codeUpper: /^[A-Z0-9][A-Z0-9\-_./]*$/,
  codeLower: /^[a-z0-9][a-z0-9\-_./]*$/,
  /** Phone outside mainland China: digits only, 4 to 15 of them (E.164 allows at most 15). */
  foreignPhone: /^\d{4,15}$/,
  /** Unified social credit code shape (GB 32100-2015); see isCreditCode for the checksum. */
  creditCode: /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/,
  /** Fax: optional area code and dash, then 7 or 8 digits. */
  fax: /^(?:0\d{2,3}-?)?[1-9]\d{6,7}$/,
  /** Six-digit postal code. */
  postalCode: /^\d{6}$/,
} as const satisfies Record<string, RegExp>;

export type PatternName = keyof typeof PATTERNS;

/** The message each pattern reports when it fails. */
export const PATTERN_MESSAGES = {
  username: "validation.username",
  email: "validation.email",
  mobile: "validation.mobile",
  landline: "validation.landline",
  noEdgeSpaces: "validation.noEdgeSpaces",
  password: "validation.password",
  url: "validation.url",
  idCard: "validation.idCard",
  passport: "validation.passport",
  code: "validation.code",
  codeUpper: "validation.codeUpper",
  codeLower: "validation.codeLower",
  foreignPhone: "validation.foreignPhone",
  creditCode: "validation.creditCode",
  fax: "validation.fax",
  postalCode: "validation.postalCode",
} as const satisfies Record<PatternName, MessageKey>;

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = "10X98765432";

/** GB 11643: 18-digit identity card with a real birth date (not in the future) and a valid check digit. */
export function isIdCard(value: string, today: Date = new Date()): boolean {
  if (!PATTERNS.idCard.test(value)) return false;
  const year = Number(value.slice(6, 10));
  const month = Number(value.slice(10, 12));
  const day = Number(value.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  if (birth.getTime() > today.getTime()) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === value[17]!.toUpperCase();
}

const CREDIT_CHARS = "0123456789ABCDEFGHJKLMNPQRTUWXY";
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100-2015: unified social credit code with its mod-31 check character. */
export function isCreditCode(value: string): boolean {
  if (!PATTERNS.creditCode.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(value[i]!) * CREDIT_WEIGHTS[i]!;
  return CREDIT_CHARS[(31 - (sum % 31)) % 31] === value[17];
}

/** Email: the pattern plus the RFC 5321 length limits (64 for the local part, 254 overall). */
export function isEmail(value: string): boolean {
  return value.length <= 254 && value.indexOf("@") <= 64 && PATTERNS.email.test(value);
}

/** The complete check for a pattern name, including checksums where the pattern alone is not enough. */
export function matches(name: PatternName, value: string): boolean {
  if (name === "idCard") return isIdCard(value);
  if (name === "creditCode") return isCreditCode(value);
  if (name === "email") return isEmail(value);
  return PATTERNS[name].test(value);
}

export const isUsername = (value: string) => matches("username", value);
export const isMobile = (value: string) => matches("mobile", value);
export const isLandline = (value: string) => matches("landline", value);
export const hasNoEdgeSpaces = (value: string) => matches("noEdgeSpaces", value);
export const isPassword = (value: string) => matches("password", value);
export const isUrl = (value: string) => matches("url", value);
export const isPassport = (value: string) => matches("passport", value);
export const isCode = (value: string) => matches("code", value);
export const isForeignPhone = (value: string) => matches("foreignPhone", value);
export const isFax = (value: string) => matches("fax", value);
export const isPostalCode = (value: string) => matches("postalCode", value);

// ---------------------------------------------------------------------------------------------------------
// Form item rules (spec 5)

/** A validation failure: a message key and its parameters, translated only when shown. */
export interface ValidationIssue {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** spec 5: required fails for null (or undefined), blank text and an empty array. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === "string") return value.trim() === "";
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export type FieldType = "string" | "number" | "boolean" | "array" | "date";

function hasType(value: unknown, type: FieldType): boolean {
  switch (type) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "date":
      return value instanceof Date && !Number.isNaN(value.getTime());
  }
}

export interface FieldRule {
  required?: boolean;
  type?: FieldType;
  pattern?: PatternName;
}

/**
 * Checks one form item: required first ('不能为空'), then the type ('值类型不匹配！'), then the pattern.
 * An empty optional value passes.
 */
export function checkField(value: unknown, rule: FieldRule): ValidationIssue | null {
  if (isEmptyValue(value)) return rule.required ? { key: "validation.required" } : null;
  if (rule.type && !hasType(value, rule.type)) return { key: "validation.typeMismatch" };
  if (rule.pattern) {
    if (typeof value !== "string") return { key: "validation.typeMismatch" };
    if (!matches(rule.pattern, value)) return { key: PATTERN_MESSAGES[rule.pattern] };
  }
  return null;
}

/** Translates an issue, or a zod issue message that is a message key; other text is returned unchanged. */
export function validationMessage(locale: Locale, issue: ValidationIssue | string): string {
  if (typeof issue === "string") {
    return isValidationKey(issue) ? translate(locale, issue) : issue;
  }
  return translate(locale, issue.key, issue.params);
}

/** spec 5: the failure toast, '“{field label}”校验不通过，{message}'. */
export function validationText(locale: Locale, label: string, issue: ValidationIssue | string): string {
  return translate(locale, "validation.failedToast", { label, message: validationMessage(locale, issue) });
}

function isValidationKey(key: string): key is MessageKey {
  return key.startsWith("validation.") && isMessageKey(key);
}

// ---------------------------------------------------------------------------------------------------------
// zod helpers: one schema per form, used by the browser and by the server (house style).

/** Missing input reports 'required'; input of another type reports 'type mismatch'. */
const stringError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? "validation.required" : "validation.typeMismatch";

/** A required text field: not blank, and matching the named pattern when one is given. */
export function requiredText(pattern?: PatternName) {
  const base = z
    .string({ error: stringError })
    .refine((value) => !isEmptyValue(value), "validation.required");
  return pattern
    ? base.refine((value) => isEmptyValue(value) || matches(pattern, value), PATTERN_MESSAGES[pattern])
    : base;
}

/** An optional text field: absent or blank passes (as undefined); otherwise it must match the pattern. */
export function optionalText(pattern?: PatternName) {
  return z
    .string({ error: () => "validation.typeMismatch" })
    .optional()
    .nullable()
    .transform((value) => (value === null || value === undefined || value.trim() === "" ? undefined : value))
    .refine(
      (value) => value === undefined || !pattern || matches(pattern, value),
      pattern ? PATTERN_MESSAGES[pattern] : "validation.typeMismatch",
    );
}

/** The password field (ADR 0020). */
export const passwordSchema = requiredText("password");
/** The email field used by login, registration and password reset. */
export const emailSchema = requiredText("email");
/** The mainland mobile field. */
export const mobileSchema = requiredText("mobile");

/**
 * A UTF-16 surrogate without its partner (issue 32 item 3): JSON can carry one (`"\ud800"`), but no text
 * encoding can store it (PostgreSQL refuses it in jsonb, and UTF-8 turns it into U+FFFD).
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnpairedSurrogate(value: string): boolean {
  return UNPAIRED_SURROGATE.test(value);
}

/**
 * Bidirectional formatting characters (issue 32 item 9): the embeddings and overrides U+202A-U+202E, the isolates
 * U+2066-U+2069, the marks U+200E/U+200F and U+061C. In a name they can make the text around it read reversed.
 */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export function hasBidiControl(value: string): boolean {
  return BIDI_CONTROL.test(value);
}
