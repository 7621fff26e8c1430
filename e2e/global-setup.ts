import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { buildState } from "../scripts/build-freshness.ts";
import { DEFAULT_APP_DOWNLOAD_URL } from "../server/env.ts";

/**
 * Starts the production build on a free port over a fresh PGlite database (migrated and seeded by the server
 * at start), for the whole Playwright run, and stops it afterwards. Workers read the address from
 * E2E_BASE_URL and the browser from CHROME_PATH, both set here before they start.
 *
 * E2E_BASE_URL set beforehand: test that server instead and start nothing.
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build-e2e";
// A fresh database is migrated and seeded (10,000 plans) before the server answers: about 20 s idle, over 90 s on a
// loaded machine, where a shorter wait failed whole runs before any test.
const READY_TIMEOUT_MS = 240_000;

function buildIfStale() {
  if (buildState(BUILD_DIR) === "fresh") return;
  console.log(`[e2e] building into ${BUILD_DIR}…`);
  const result = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR },
  });
  if (result.status !== 0) throw new Error(`[e2e] npm run build failed (exit ${result.status})`);
}

/** A port nobody listens on now, on loopback (the spec that runs its own store uses it too). */
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

async function waitUntilReady(baseURL: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`[e2e] the server exited (${server.exitCode ?? server.signalCode}):\n${output()}`);
    }
    try {
      const response = await fetch(`${baseURL}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`[e2e] the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill("SIGKILL"), 5_000);
    server.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    server.kill("SIGTERM");
  });
}

export default async function globalSetup() {
  if (!process.env.CHROME_PATH) {
    const chromium = (await import("@sparticuz/chromium")).default;
    process.env.CHROME_PATH = await chromium.executablePath();
  }
  if (process.env.E2E_BASE_URL) return;

  buildIfStale();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "esim-e2e-"));
  const baseURL = `http://127.0.0.1:${port}`;
  let log = "";
  // Production requires it (ADR 0142); the workers read it too, to decode the app QR code against it.
  process.env.APP_DOWNLOAD_URL ||= DEFAULT_APP_DOWNLOAD_URL;
  const server = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      // A true production server (ADR 0094) with the sandboxes switched on explicitly: account journeys read
      // codes, captcha answers and ID tokens from the /__dev tools, and pay on the sandbox payment page.
      NODE_ENV: "production",
      SANDBOX_TOOLS: "true",
      // A console change that writes no audit entry fails its request, as in the API tests (ADR 0278).
      CONSOLE_AUDIT_STRICT: "true",
      IDENTITY_MODE: "sandbox",
      PAYMENT_PROVIDER: "sandbox",
      // The sandbox eSIM supplier, quick enough for a test to wait for provisioning (ADR 0132).
      SUPPLIER_PROVIDER: "sandbox",
      SUPPLIER_SANDBOX_DELAY_MS: "1000",
      // spec 2: the one partner domain content links may open (ADR 0216); every other external link is refused.
      EXTERNAL_LINK_HOSTS: "*.example.org",
      PORT: String(port),
      HOST: "127.0.0.1",
      // Production requires the site's origin (ADR 0186) and the code secret (ADR 0189).
      PUBLIC_ORIGIN: baseURL,
      CODE_HMAC_SECRET: "e2e-verification-code-secret-0123456789",
      // Each test comes from its own address through X-Forwarded-For, as if the browser were behind a proxy on
      // this machine: only loopback peers may forward an address (ADR 0185).
      TRUST_PROXY: "loopback",
      DATA_DIR: dataDir,
      BUILD_DIR,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      DATABASE_URL: "",
      REDIS_URL: "",
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
  server.stdout?.on("data", keep);
  // Warnings and errors from the server are worth seeing next to the test that caused them.
  // Once it is up, warnings and errors from the server are worth seeing next to the test that caused them.
  let ready = false;
  server.stderr?.on("data", (chunk: Buffer) => {
    keep(chunk);
    if (ready) process.stderr.write(`[server] ${chunk}`);
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (ready && /"level":(40|50|60)/.test(text)) process.stderr.write(`[server] ${text}`);
  });

  try {
    await waitUntilReady(baseURL, server, () => log);
  } catch (error) {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  ready = true;
  process.env.E2E_BASE_URL = baseURL;

  return async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
