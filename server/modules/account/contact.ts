import type { Contact } from "./inputs.ts";

/** The key codes and rate limits use for an e-mail or phone. */
export function contactTarget(contact: Contact): string {
  return contact.kind === "email"
    ? `email:${contact.email}`
    : `phone:${contact.internationalTelCode}-${contact.phone}`;
}

/** Where the outbox sends: the e-mail address, or the phone in E.164 form. */
export function contactAddress(contact: Contact): string {
  return contact.kind === "email" ? contact.email : `+${contact.internationalTelCode}${contact.phone}`;
}

export function contactLoginName(contact: Contact): string {
  return contact.kind === "email" ? contact.email : `+${contact.internationalTelCode} ${contact.phone}`;
}
