import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * A secret made once per install and kept in DATA_DIR/secrets/<name> (mode 0600), for development and tests
 * where no secret is configured; production configures its secrets explicitly (ADR 0189). Every process of the
 * install reads the same value: the file is written under a temporary name and linked into place, so two
 * processes starting together agree on whichever got there first and nobody reads a half-written file.
 */
export function installSecret(dataDir: string, name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`install secret name must be [a-z0-9-]: ${name}`);
  const directory = path.resolve(dataDir, "secrets");
  const file = path.join(directory, name);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`install secret ${file} is empty or too short`);
  return secret;
}

function readSecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (text.length < 32) throw new Error(`install secret ${file} is shorter than 32 characters`);
  return text;
}
