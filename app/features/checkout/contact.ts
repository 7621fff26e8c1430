import { checkoutContactSchema } from "../../../core/forms/checkout-contact.ts";
import { email } from "../../../core/forms/fields.ts";

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
 * The checkout's contact details (ADR 0110), checked with the schema the server reads the order with
 * (core/forms/checkout-contact.ts, ADR 0206) over the body the order will carry. The browser extends it with
 * one rule of its own: the delivery e-mail is required here (the API falls back to the account's).
 */
const checkoutContactFormSchema = checkoutContactSchema.extend({ contactEmail: email() });

/** The first problem per field, as message keys, or null when the contact can be sent. */
export function contactErrors(contact: CheckoutContact): ContactErrors | null {
  const parsed = checkoutContactFormSchema.safeParse(contactBody(contact));
  if (parsed.success) return null;
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "contactEmail") errors.email ??= "checkoutUi.emailInvalid";
    if (field === "contactPhone") errors.phone ??= "checkoutUi.phoneInvalid";
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
