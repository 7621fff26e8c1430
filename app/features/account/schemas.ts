import { z } from "zod";
import { requiredText } from "../../../core/validation.ts";
import type { ContactValue } from "./ContactFields.tsx";

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

/** Flattens a contact value for a schema that discriminates on kind. */
export function contactInput(value: ContactValue) {
  return value.kind === "email"
    ? { kind: "email" as const, email: value.email }
    : { kind: "phone" as const, phone: value.phone, internationalTelCode: value.internationalTelCode };
}
