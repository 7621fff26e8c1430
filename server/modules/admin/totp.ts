import { Secret, TOTP } from "otpauth";

/**
 * TOTP for operators (RFC 6238 through `otpauth`, ADR 0221): SHA-1, 6 digits, 30-second steps, the defaults
 * every authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator) reads from an
 * otpauth:// URI. A code is accepted one step either side of now (clock drift), and only for a step later than
 * the last one accepted, so a code cannot be replayed.
 */
const ISSUER = "Roamly console";
const PERIOD_S = 30;

function totpOf(secret: string, label = "operator") {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new 160-bit secret, base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans (as a QR code) or imports. */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The time step a code matches (within one step of `now`), or null for a wrong code. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

/** The current code for a secret: for `npm run admin:create`'s check, and tests acting as an authenticator. */
export function totpCode(secret: string, now = Date.now()): string {
  return totpOf(secret).generate({ timestamp: now });
}
