import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { copyTestTemplate } from "./db.ts";

/**
 * The real server as a child process, for tests that kill it (crash recovery, ADRs 0177, 0309, 0316): one kit
 * instead of a copy in each crash test (ADR 0342). Everything a call starts is pushed onto `cleanup`, which the
 * test file runs in reverse in its afterAll.
 */
export type Cleanup = (() => Promise<void> | void)[];

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/**
 * Where the server's database lives: a new PostgreSQL database from the template (DATABASE_URL), or a PGlite
 * directory on disk loaded from the template dump. `env` is what the server needs to open it; `open` opens it
 * from the test.
 */
export async function freshServerDatabase(
  cleanup: Cleanup,
  prefix = "esim-crash-",
): Promise<{ env: Record<string, string>; open: () => Promise<DatabaseHandle> }> {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") {
    return {
      env: { DATABASE_URL: copy.databaseUrl },
      open: () => openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 4 }),
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const first = await openDatabase({ dataDir: dir, loadDataDir: copy.dump });
  await first.close();
  return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }) };
}

/** A port nobody listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Starts `server/main.ts --api-only` on a free port; resolves once /readyz answers (60 s at most). */
export async function startServerProcess(
  env: Record<string, string>,
  cleanup: Cleanup,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts", "--api-only"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, base, output: () => log };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within 60 s:\n${log}`);
}

/** Polls `condition` every 100 ms; fails with the server's output when it is not met in time or throws. */
export async function waitForCondition(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  log: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const met = await condition().catch((error) => {
      throw new Error(`${error}\n${log()}`);
    });
    if (met) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not within ${timeoutMs / 1000} s:\n${log()}`);
}
