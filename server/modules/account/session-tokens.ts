import { createHash, randomBytes } from "node:crypto";

/** An opaque session token: 32 random bytes (256 bits), base64url (ADR 0062). */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this hash is stored, so a database leak gives no usable token. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
