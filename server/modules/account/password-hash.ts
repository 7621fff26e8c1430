import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password storage with scrypt (ADR 0061). OWASP's scrypt parameters: N=2^17, r=8, p=1. The hash keeps its
 * parameters, `scrypt$ln=17,r=8,p=1$<salt>$<key>`, so they can be raised later: a login with a hash made at a
 * lower cost re-hashes the password at the current cost.
 */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.logN;
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem: 256 * N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return `scrypt$ln=${params.logN},r=${params.r},p=${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | null {
  const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  return {
    params: { logN: Number(ln), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt!, "base64url"),
    key: Buffer.from(key!, "base64url"),
  };
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed || parsed.params.logN > 22) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with weaker parameters than the current ones. */
export function needsRehash(encoded: string, current: ScryptParams): boolean {
  const parsed = parseHash(encoded);
  if (!parsed) return true;
  return (
    parsed.params.logN < current.logN ||
    parsed.params.r < current.r ||
    parsed.params.p < current.p ||
    parsed.key.length < KEY_BYTES
  );
}
