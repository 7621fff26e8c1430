import {
  constants,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from "node:crypto";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { serverKeyPairs } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";

const KEY_NAME = "password-transport";
const generate = promisify(generateKeyPair);

/**
 * Passwords travel encrypted with RSA-OAEP (SHA-256) under a public key the browser fetches (spec 5; ADR 0061).
 * The public key is served as base64 DER SubjectPublicKeyInfo, which WebCrypto imports as "spki". The private
 * key is PASSWORD_RSA_PRIVATE_KEY when set, else one generated once and kept in the database so every instance
 * and every restart uses the same pair.
 */
export interface PasswordTransport {
  publicKey(): Promise<string>;
  /** Decrypts a base64 RSA-OAEP ciphertext; a value that does not decrypt is a 400. */
  decrypt(ciphertext: string, field?: string): Promise<string>;
}

export function createPasswordTransport(db: Database, configuredPrivateKey?: string): PasswordTransport {
  let loaded: Promise<{ privateKey: KeyObject; publicKeyDer: string }> | undefined;

  async function loadFromDatabase() {
    const [existing] = await db.select().from(serverKeyPairs).where(eq(serverKeyPairs.name, KEY_NAME));
    if (existing) return existing.privateKey;
    const pair = await generate("rsa", {
      modulusLength: 2048,
      publicKeyEncoding: { type: "spki", format: "pem" },
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
    });
    // Two instances starting together may both generate; the first insert wins and both read it back.
    await db
      .insert(serverKeyPairs)
      .values({ name: KEY_NAME, publicKey: pair.publicKey, privateKey: pair.privateKey })
      .onConflictDoNothing();
    const [stored] = await db.select().from(serverKeyPairs).where(eq(serverKeyPairs.name, KEY_NAME));
    return stored!.privateKey;
  }

  function load() {
    loaded ??= (async () => {
      const pem = configuredPrivateKey ?? (await loadFromDatabase());
      const privateKey = createPrivateKey(pem);
      const publicKeyDer = createPublicKey(privateKey)
        .export({ type: "spki", format: "der" })
        .toString("base64");
      return { privateKey, publicKeyDer };
    })();
    loaded.catch(() => {
      loaded = undefined;
    });
    return loaded;
  }

  return {
    async publicKey() {
      return (await load()).publicKeyDer;
    },
    async decrypt(ciphertext, field = "password") {
      const { privateKey } = await load();
      try {
        const plain = privateDecrypt(
          { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
          Buffer.from(ciphertext, "base64"),
        );
        return plain.toString("utf8");
      } catch {
        throw new ApiError(400, "account.passwordUnreadable", {
          fields: { [field]: "account.passwordUnreadable" },
        });
      }
    },
  };
}
