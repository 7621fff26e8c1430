import type { HttpClient } from "../../lib/http/client.ts";

/*
 * spec 5 / architecture: passwords are encrypted in the browser with the fetched public key, RSA-OAEP with
 * SHA-256 through WebCrypto (ADR 0061); the server keeps the private key.
 */

let keyPromise: Promise<CryptoKey> | null = null;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function loadKey(api: HttpClient): Promise<CryptoKey> {
  const { publicKey } = await api.get<{ publicKey: string }>("/o2cum/v1/pub/customer-register/public-key");
  return crypto.subtle.importKey(
    "spki",
    base64ToBytes(publicKey),
    { name: "RSA-OAEP", hash: "SHA-256" },
    false,
    ["encrypt"],
  );
}

export async function encryptPassword(api: HttpClient, password: string): Promise<string> {
  keyPromise ??= loadKey(api).catch((error) => {
    keyPromise = null;
    throw error;
  });
  const key = await keyPromise;
  const cipher = await crypto.subtle.encrypt({ name: "RSA-OAEP" }, key, new TextEncoder().encode(password));
  return bytesToBase64(cipher);
}

/** A key rotated on the server makes decryption fail: the next try fetches it again. */
export function forgetPublicKey(): void {
  keyPromise = null;
}
