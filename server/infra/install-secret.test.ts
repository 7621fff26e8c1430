import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { installSecret } from "./install-secret.ts";

const dirs: string[] = [];
function freshDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "install-secret-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("installSecret", () => {
  it("generates a long random secret once, keeps it private in DATA_DIR/secrets and returns it again", () => {
    const dataDir = freshDataDir();
    const secret = installSecret("webhook", dataDir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(installSecret("webhook", dataDir)).toBe(secret);
    const file = path.join(dataDir, "secrets", "webhook");
    expect(readFileSync(file, "utf8")).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.join(dataDir, "secrets"))).toEqual(["webhook"]);
  });

  it("differs between installs and between names", () => {
    const one = freshDataDir();
    const other = freshDataDir();
    expect(installSecret("webhook", one)).not.toBe(installSecret("webhook", other));
    expect(installSecret("webhook", one)).not.toBe(installSecret("codes", one));
  });

  it("refuses a name that could leave the secrets folder", () => {
    expect(() => installSecret("../escape", freshDataDir())).toThrow(/not a plain name/);
  });

  it("gives every process the same secret when several start at once on a new install", async () => {
    const dataDir = freshDataDir();
    const module = path.resolve("server/infra/install-secret.ts");
    const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(m.installSecret("race", ${JSON.stringify(dataDir)})))`;
    const run = () =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
        });
        child.on("error", reject);
        child.on("close", (status) => (status === 0 ? resolve(out) : reject(new Error(`exit ${status}`))));
      });
    const secrets = await Promise.all(Array.from({ length: 4 }, run));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toBe(readFileSync(path.join(dataDir, "secrets", "race"), "utf8"));
    expect(readdirSync(path.join(dataDir, "secrets"))).toEqual(["race"]);
  });
});
