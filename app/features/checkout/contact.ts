import { z } from "zod";
import { PATTERNS } from "../../../core/validation.ts";

export interface CheckoutContact {
  email: string;
  areaCode: string;
  /** Digits only (the field drops anything else). */
  phone: string;
}

export type ContactErrors = Partial<
  Record<
    "email" | "phone",
    "checkoutUi.emailInvalid" | "checkoutUi.phoneInvalid" | "purchase.order.contactEmailRequired"
  >
>;

/**
 * The checkout's contact details (ADR 0110): the delivery e-mail is required and follows the same rule as the
 * server's `contactEmail` (spec 5's e-mail pattern from core/validation.ts, at most 254 characters, trimmed);
 * the phone is optional, 4 to 15 digits, as the server's `contactPhone` takes it.
 */
export const checkoutContactSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, "checkoutUi.emailInvalid")
    .regex(PATTERNS.email, "checkoutUi.emailInvalid"),
  areaCode: z.string(),
  phone: z.union([z.literal(""), z.string().regex(/^\d{4,15}$/, "checkoutUi.phoneInvalid")]),
});

/** The first problem per field, as message keys, or null when the contact can be sent. */
export function contactErrors(contact: CheckoutContact): ContactErrors | null {
  const parsed = checkoutContactSchema.safeParse(contact);
  if (parsed.success) return null;
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "email") errors.email ??= "checkoutUi.emailInvalid";
    if (field === "phone") errors.phone ??= "checkoutUi.phoneInvalid";
  }
  return errors;
}

/** What the order carries: the trimmed e-mail, and the phone as "+<area code> <digits>" when one is given. */
export function contactBody(contact: CheckoutContact) {
  return {
    contactEmail: contact.email.trim(),
    contactPhone: contact.phone ? `+${contact.areaCode} ${contact.phone}` : undefined,
  };
}
