import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { openDatabase } from "../db/client.ts";
import { seedIfEmpty } from "../db/seed/index.ts";
import { TEMPLATE_INPUTS, templateKey } from "../test/template-key.ts";

/**
 * The one way a browser test starts a production store (ADR 0342): the global setup's shared store and the specs
 * that run their own store with supplier stand-ins all go through here, so they share the start-up, the readiness
 * wait, the stop, and above all the seeded database.
 *
 * A store used to migrate and seed an empty PGlite database (10,000 plans) before it answered: 20 s on an idle
 * machine, over 90 s on a loaded one, once for the shared store and again for each spec's own store. Now the
 * global setup makes one migrated, seeded data folder (E2E_SEEDED_DATA_DIR) and every store starts on a copy of
 * it; the server's own `migrate()` and `seedIfEmpty()` still run at start and find nothing to do, as on a
 * restarted production store. The folder comes from the unit tests' template (test/global-setup.ts, same key:
 * migrations, seed sources, lock file, hour) when that run made one, so on CI nothing is seeded twice.
 */

export type Stop = () => Promise<void>;

/** A port nobody listens on now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Stops a child process: SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
export function stopper(child: ChildProcess): Stop {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
}

/** The PGlite template the unit tests' global setup writes (test/global-setup.ts), if this hour's exists. */
function unitTestTemplate(): string | undefined {
  const key = templateKey({ ...TEMPLATE_INPUTS, root: process.cwd(), now: new Date() });
  const file = path.join(os.tmpdir(), "esim-test-db-templates", `pglite-${key}.tar.gz`);
  return existsSync(file) ? file : undefined;
}

/**
 * Makes a migrated, seeded store data folder (its PGlite database in `pg/`, as the server lays it out) and
 * returns its path. Loads the unit tests' template when there is one for this key, else migrates and seeds.
 * The caller removes it.
 */
export async function makeSeededDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-e2e-seeded-"));
  const building = `${dir}/building`;
  const template = unitTestTemplate();
  const handle = await openDatabase({
    dataDir: building,
    loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
  });
  try {
    await handle.migrate();
    await seedIfEmpty(handle.db);
  } finally {
    await handle.close();
  }
  // Published whole, so a copy never sees a half-made folder.
  const ready = `${dir}/data`;
  renameSync(building, ready);
  return ready;
}

/**
 * A data folder for one store: a copy of the seeded folder the global setup made (E2E_SEEDED_DATA_DIR), or an
 * empty folder the server migrates and seeds itself when there is none (E2E_BASE_URL runs).
 */
export function storeDataDir(prefix: string): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const seeded = process.env.E2E_SEEDED_DATA_DIR;
  if (seeded && existsSync(seeded)) cpSync(seeded, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Polls `${url}/readyz` every 250 ms until it answers 200; fails when the process exits or the time is up,
 * with the tail of its output.
 */
export async function waitUntilReady(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
  label = "the server",
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`[e2e] ${label} exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`[e2e] ${label} was not ready within ${timeoutMs / 1000} s:\n${output()}`);
}

export interface StoreOptions {
  /** The script the process runs: `server/main.ts` (the default) or `scripts/start.ts` (as `npm start`). */
  script?: string;
  /** The store's own environment, over process.env; PORT, HOST, PUBLIC_ORIGIN and DATA_DIR are set here. */
  env: Record<string, string>;
  /** Prefix of the temporary data folder. */
  dataDirPrefix: string;
  readyTimeoutMs: number;
  /** Named in errors. */
  label: string;
  /** Sees every chunk of the server's stdout and stderr (the global setup forwards warnings with it). */
  onOutput?: (stream: "stdout" | "stderr", chunk: Buffer) => void;
}

export interface Store {
  url: string;
  child: ChildProcess;
  /** Stops the process and removes its data folder. */
  stop: Stop;
}

/** Starts a production store on a free port over a copy of the seeded data; resolves once /readyz answers. */
export async function startStore(options: StoreOptions): Promise<Store> {
  const port = await freePort();
  const dataDir = storeDataDir(options.dataDirPrefix);
  const url = `http://127.0.0.1:${port}`;
  let log = "";
  const child = spawn(process.execPath, [options.script ?? "server/main.ts"], {
    env: {
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: url,
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // The tail of the server's output, with each line cut short (a failed bulk insert prints every parameter).
  const keep = (chunk: Buffer) => {
    const lines = chunk
      .toString()
      .split("\n")
      .map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line));
    log = `${log}${lines.join("\n")}`.slice(-6_000);
  };
  child.stdout?.on("data", (chunk: Buffer) => {
    keep(chunk);
    options.onOutput?.("stdout", chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    keep(chunk);
    options.onOutput?.("stderr", chunk);
  });
  const stopChild = stopper(child);
  const stop = async () => {
    await stopChild();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(url, child, () => log, options.readyTimeoutMs, options.label);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, child, stop };
}

/** Starts a supplier stand-in the way test/standins.ts does; resolves with its URL once it listens. */
export async function startStandin(name: "esimaccess" | "airalo", env: Record<string, string>) {
  const child = spawn(process.execPath, [`server/standins/${name}/main.ts`], {
    env: { ...process.env, ...env, STANDIN_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`stand-in ${name} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      const match = /^listening (\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  return { url, stop: stopper(child) };
}
