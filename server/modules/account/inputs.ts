import { z } from "zod";
import { LOCALES } from "../../../core/constants.ts";

import { email, INVALID, REQUIRED, text } from "../../../core/forms/fields.ts";

export { email, text };

const fieldError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? REQUIRED : "account.field.typeMismatch";

/** spec 5: non-China phone digits only; mainland numbers are digits too. */
export const phone = () => text(20).regex(/^\d{4,15}$/, INVALID);
export const telCode = () =>
  text(6)
    .regex(/^\+?\d{1,4}$/, INVALID)
    .transform((v) => v.replace("+", ""));
/** A base64 RSA-OAEP ciphertext of the password (2048-bit key: 344 characters). */
export const encryptedPassword = () => text(1024).regex(/^[A-Za-z0-9+/=]+$/, INVALID);
export const verificationCode = () => text(6).regex(/^\d{6}$/, INVALID);
export const opaqueKey = () => text(200).regex(/^[A-Za-z0-9_.-]+$/, INVALID);
export const locale = () => z.enum(LOCALES, { error: INVALID });
export const userType = () => z.literal("C", { error: INVALID }).optional();
export const businessScope = () =>
  z.enum(["REGISTER", "LOGIN", "RESET_PASSWORD", "DELETE_ACCOUNT"], { error: fieldError });
export const agreed = () => z.literal(true, { error: "account.protocolRequired" });
export const captchaDigits = () => text(8).regex(/^\d{4,8}$/, INVALID);

/** Either an e-mail, or a phone with its country calling code. */
export const contactFields = {
  email: email().optional(),
  phone: phone().optional(),
  internationalTelCode: telCode().optional(),
};

export type Contact =
  | { kind: "email"; email: string }
  | { kind: "phone"; internationalTelCode: string; phone: string };

/** Picks the contact out of parsed fields, or reports which fields are missing (as parseInput would). */
export function contactOf(fields: {
  email?: string;
  phone?: string;
  internationalTelCode?: string;
}): Contact | null {
  if (fields.email) return { kind: "email", email: fields.email };
  if (fields.phone && fields.internationalTelCode) {
    return { kind: "phone", phone: fields.phone, internationalTelCode: fields.internationalTelCode };
  }
  return null;
}

export function withContact<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...contactFields, ...shape }).superRefine(
    (parsed, ctx) => {
      const value = parsed as { email?: string; phone?: string; internationalTelCode?: string };
      if (value.email || (value.phone && value.internationalTelCode)) return;
      if (value.phone) ctx.addIssue({ code: "custom", path: ["internationalTelCode"], message: REQUIRED });
      else ctx.addIssue({ code: "custom", path: ["email"], message: REQUIRED });
    },
    // Also when other fields already failed, so every missing field is reported at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
}
