import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { buildState } from "../scripts/build-freshness.ts";
import { DEFAULT_APP_DOWNLOAD_URL } from "../server/env.ts";
import { makeSeededDataDir, type Store, startStore } from "./store-kit.ts";

/**
 * Starts the production build on a free port over a copy of one migrated, seeded PGlite database (e2e/store-kit.ts,
 * ADR 0342), for the whole Playwright run, and stops it afterwards. Workers read the address from
 * E2E_BASE_URL and the browser from CHROME_PATH, both set here before they start.
 *
 * E2E_BASE_URL set beforehand: test that server instead and start nothing.
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build-e2e";
// Kept generous: a store over an empty database migrates and seeds (10,000 plans) before it answers, about 20 s idle
// and over 90 s on a loaded machine, where a shorter wait failed whole runs before any test.
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

/** A port nobody listens on now, on loopback (kept here for specs that import it; see e2e/store-kit.ts). */
export { freePort } from "./store-kit.ts";

export default async function globalSetup() {
  if (!process.env.CHROME_PATH) {
    const chromium = (await import("@sparticuz/chromium")).default;
    process.env.CHROME_PATH = await chromium.executablePath();
  }
  if (process.env.E2E_BASE_URL) return;

  buildIfStale();
  // One migrated, seeded database for every store of the run (ADR 0342): this one and the specs' own.
  const seedStarted = performance.now();
  const seeded = await makeSeededDataDir();
  console.log(`[e2e] seeded store data ready in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
  process.env.E2E_SEEDED_DATA_DIR = seeded;
  const removeSeeded = () => rmSync(path.dirname(seeded), { recursive: true, force: true });
  // Production requires it (ADR 0142); the workers read it too, to decode the app QR code against it.
  process.env.APP_DOWNLOAD_URL ||= DEFAULT_APP_DOWNLOAD_URL;
  // Warnings and errors from the server are worth seeing next to the test that caused them, once it is up.
  let ready = false;
  let store: Store;
  try {
    store = await startStore({
      label: "the server",
      dataDirPrefix: "esim-e2e-",
      readyTimeoutMs: READY_TIMEOUT_MS,
      onOutput: (stream, chunk) => {
        if (!ready) return;
        if (stream === "stderr") process.stderr.write(`[server] ${chunk}`);
        else if (/"level":(40|50|60)/.test(chunk.toString())) process.stderr.write(`[server] ${chunk}`);
      },
      env: {
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
        // Production requires the code secret (ADR 0189); startStore sets the site's origin (ADR 0186).
        CODE_HMAC_SECRET: "e2e-verification-code-secret-0123456789",
        // Each test comes from its own address through X-Forwarded-For, as if the browser were behind a proxy on
        // this machine: only loopback peers may forward an address (ADR 0185).
        TRUST_PROXY: "loopback",
        BUILD_DIR,
        LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
        DATABASE_URL: "",
        REDIS_URL: "",
      },
    });
  } catch (error) {
    removeSeeded();
    throw error;
  }
  ready = true;
  process.env.E2E_BASE_URL = store.url;

  return async () => {
    await store.stop();
    removeSeeded();
  };
}
