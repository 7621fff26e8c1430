import { randomInt } from "node:crypto";
import { ISSUED_ICCID_MIN_LENGTH, isIccid } from "../../../core/ids.ts";

// Real formats for eSIM profiles (ADR 0132): ICCIDs (ITU-T E.118) and GSMA SGP.22 activation codes.

/** The Luhn check digit of a string of digits (ISO/IEC 7812-1, as E.118 uses for ICCIDs). */
export function luhnCheckDigit(digits: string): number {
  if (!/^\d+$/.test(digits)) throw new Error("luhnCheckDigit takes digits only");
  let sum = 0;
  // Double every second digit counting from the right of the payload (the check digit goes after it).
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** An ICCID: 19 or 20 digits, major industry identifier 89 (telecom), last digit the Luhn check digit. */
export function isValidIccid(iccid: string): boolean {
  if (!isIccid(iccid) || iccid.length < ISSUED_ICCID_MIN_LENGTH) return false;
  return luhnCheckDigit(iccid.slice(0, -1)) === Number(iccid.at(-1));
}

/**
 * A new ICCID: 89 (telecom), a country code (852, Hong Kong), a two-digit issuer id, the account digits and
 * the Luhn check digit; 19 digits by default, 20 on request.
 */
export function newIccid(length: 19 | 20 = 19, prefix = "8985201"): string {
  let body = prefix;
  while (body.length < length - 1) body += String(randomInt(10));
  return body + String(luhnCheckDigit(body));
}

/**
 * The GSMA SGP.22 activation code: `LPA:1$<SM-DP+ address>$<matching id>`, and when a confirmation code is
 * needed the fifth field (confirmation code required flag) is 1 with an empty OID: `…$<matching id>$$1`.
 */
export function activationCode(smdpAddress: string, matchingId: string, confirmationCodeRequired = false) {
  return `LPA:1$${smdpAddress}$${matchingId}${confirmationCodeRequired ? "$$1" : ""}`;
}

/** Parses an activation code; null when it is not one. */
export function parseActivationCode(
  lpa: string,
): { smdpAddress: string; matchingId: string; confirmationCodeRequired: boolean } | null {
  const match = /^LPA:1\$([A-Za-z0-9.-]+)\$([A-Za-z0-9-]*)(?:\$([^$]*)(?:\$([01]))?)?$/.exec(lpa);
  if (!match) return null;
  return { smdpAddress: match[1]!, matchingId: match[2]!, confirmationCodeRequired: match[4] === "1" };
}

const MATCHING_ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A matching id as SM-DP+ servers issue them: upper-case groups such as `K7Q2-9XHD-M4TR-2B8W`. */
export function newMatchingId(): string {
  const group = () => Array.from({ length: 4 }, () => MATCHING_ALPHABET[randomInt(34)]).join("");
  return [group(), group(), group(), group()].join("-");
}
