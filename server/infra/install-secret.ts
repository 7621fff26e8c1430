import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * A random secret generated once per install and kept in DATA_DIR/secrets/<name> (mode 0600), so no two
 * installs share one and none is a public default. The first caller creates it; every later call, in this or
 * another process, reads the same value: the secret is written whole under a private name and then linked in
 * place, which fails for all but one of racing creators, and the losers read the winner's.
 */
export function installSecret(name: string, dataDir: string = process.env.DATA_DIR || ".data"): string {
  if (!NAME.test(name)) throw new Error(`install secret name ${JSON.stringify(name)} is not a plain name`);
  const dir = path.join(dataDir, "secrets");
  const file = path.join(dir, name);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  writeFileSync(temp, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temp);
  }
  const kept = readSecret(file);
  if (!kept) throw new Error(`install secret ${name} in ${dir} is empty or too short`);
  return kept;
}

function readSecret(file: string): string | null {
  try {
    const value = readFileSync(file, "utf8").trim();
    return value.length >= 32 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
