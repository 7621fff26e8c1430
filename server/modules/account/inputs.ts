import { z } from "zod";
import {
  agreed,
  captchaDigits,
  contactFields,
  contactSchema,
  currencyCode,
  encryptedPassword,
  locale,
  opaqueKey,
  phone,
  telCode,
  verificationCode,
} from "../../../core/forms/account.ts";
import { email, INVALID, personName, REQUIRED, TYPE_MISMATCH, text } from "../../../core/forms/fields.ts";

// The account forms' schemas are shared with the browser (core/forms/account.ts, ADR 0207); these are the
// field rules the server's other account calls (code sends, captcha, profile) use on top.
export {
  agreed,
  captchaDigits,
  contactFields,
  contactSchema,
  currencyCode,
  email,
  encryptedPassword,
  locale,
  opaqueKey,
  personName,
  phone,
  telCode,
  text,
  verificationCode,
};

const fieldError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : TYPE_MISMATCH;

export const userType = () => z.literal("C", { error: INVALID }).optional();
export const businessScope = () =>
  z.enum(["REGISTER", "LOGIN", "RESET_PASSWORD", "DELETE_ACCOUNT"], { error: fieldError });

export type Contact =
  | { kind: "email"; email: string }
  | { kind: "phone"; internationalTelCode: string; phone: string };

/** Picks the contact out of parsed fields (the chosen kind first, when the form says), or null. */
export function contactOf(fields: {
  kind?: "email" | "phone";
  email?: string;
  phone?: string;
  internationalTelCode?: string;
}): Contact | null {
  if (fields.email && fields.kind !== "phone") return { kind: "email", email: fields.email };
  if (fields.phone && fields.internationalTelCode) {
    return { kind: "phone", phone: fields.phone, internationalTelCode: fields.internationalTelCode };
  }
  return null;
}
