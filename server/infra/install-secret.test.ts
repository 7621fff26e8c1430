import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installSecret } from "./install-secret.ts";

const made: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "install-secret-"));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("installSecret (ADR 0189)", () => {
  it("makes a long random secret once and gives the same one to every later call", () => {
    const dir = dataDir();
    const first = installSecret(dir, "code-hmac");
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(installSecret(dir, "code-hmac")).toBe(first);
    expect(installSecret(dir, "payment-sandbox")).not.toBe(first);
    expect(installSecret(dataDir(), "code-hmac")).not.toBe(first);
  });

  it("keeps it readable by the owner only", () => {
    const dir = dataDir();
    installSecret(dir, "code-hmac");
    expect(statSync(path.join(dir, "secrets", "code-hmac")).mode & 0o777).toBe(0o600);
  });

  it("keeps a secret that is already there, and refuses a short one", () => {
    const dir = dataDir();
    mkdirSync(path.join(dir, "secrets"));
    writeFileSync(path.join(dir, "secrets", "kept"), `${"k".repeat(40)}\n`);
    expect(installSecret(dir, "kept")).toBe("k".repeat(40));
    writeFileSync(path.join(dir, "secrets", "short"), "abc");
    expect(() => installSecret(dir, "short")).toThrow(/shorter than 32/);
  });

  it("refuses a name that could leave the secrets folder", () => {
    expect(() => installSecret(dataDir(), "../x")).toThrow(/name/);
  });
});
