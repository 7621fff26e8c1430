import { z } from "zod";
import { requiredText } from "../../../core/validation.ts";

/*
 * One zod schema per form (house style), with message keys as issue messages (core/validation.ts). The server
 * checks the same rules again (server/modules/account/inputs.ts).
 */

const code = requiredText().refine((value) => /^\d{6}$/.test(value.trim()), "account.codeInvalid");

export function contactSchema() {
  return z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("email"), email: requiredText("email") }),
    z.object({
      kind: z.literal("phone"),
      phone: requiredText("foreignPhone"),
      internationalTelCode: requiredText(),
    }),
  ]);
}

export const passwordLoginSchema = z.object({ account: requiredText(), password: requiredText() });

export function codeFormSchema(extra: z.ZodRawShape = {}) {
  return z.intersection(contactSchema(), z.object({ code, ...extra }));
}

export const newPasswordSchema = requiredText("password");
export const protocolSchema = z.literal(true, { error: "account.protocolRequired" });
export const codeSchema = code;

/*
 * The account pages' forms, each read from its FormData by Conform (app/features/account/account-form.ts).
 * A ticked checkbox arrives as true, an unticked one as absent, and an empty input as absent.
 */
const ticked = (message: "account.protocolRequired" | "account.field.required") =>
  z.boolean({ error: message });
// The current password is checked by the server; the form only asks that one is typed.
const currentPassword = z.string({ error: "account.field.required" }).min(1, "account.field.required");
const protocolAgreed = ticked("account.protocolRequired");

/** /register: a contact, its code, a new password, and the agreement. */
export function registerFormSchema() {
  return z.intersection(contactSchema(), z.object({ code, password: newPasswordSchema, protocolAgreed }));
}

/** /logins/forget-password: the registered e-mail, its code, and the new password. */
export function resetPasswordFormSchema() {
  return z.object({ email: requiredText("email"), code, password: newPasswordSchema });
}

/** /bind: link to an existing account (its password) or a new one (a code and a new password). */
export function bindFormSchema() {
  return z.intersection(
    contactSchema(),
    z.discriminatedUnion("mode", [
      z.object({ mode: z.literal("existing"), password: currentPassword, protocolAgreed }),
      z.object({ mode: z.literal("new"), code, password: newPasswordSchema, protocolAgreed }),
    ]),
  );
}

/** /my/userInfo/delete: the consequences understood, then the password or a code (ADR 0063). */
export function deleteAccountFormSchema() {
  return z.intersection(
    z.object({ understood: ticked("account.field.required") }),
    z.discriminatedUnion("method", [
      z.object({ method: z.literal("password"), password: currentPassword }),
      z.object({ method: z.literal("code"), code }),
    ]),
  );
}
