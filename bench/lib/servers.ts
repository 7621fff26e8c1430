import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { isRunning, type Spawned, spawnTracked, stopChild } from "./children.ts";

const READY_TIMEOUT_MS = 180_000;

export interface RunningServer {
  label: string;
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

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

async function waitUntilReady(spawned: Spawned, url: string, label: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(spawned.child)) {
      throw new Error(`${label} exited before it was ready:\n${spawned.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        await response.arrayBuffer();
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${label} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${spawned.output()}`);
}

export interface StoreServerOptions {
  label: string;
  buildDir: string;
  dataDir?: string;
  databaseUrl?: string;
  /** 0 disables the HTML cache (uncached renders). */
  htmlCacheTtlMs: number;
  /** More environment (ROLE, the payment sandbox…), over productionEnv's. */
  env?: Record<string, string>;
}

/**
 * What a production app the bench starts needs besides its database and build: no Redis, quiet logs, and the
 * settings production requires.
 */
export function productionEnv(publicOrigin: string) {
  return {
    NODE_ENV: "production",
    REDIS_URL: "",
    LOG_LEVEL: "warn",
    // Required in production (ADR 0142); the bench never follows the link.
    APP_DOWNLOAD_URL: process.env.APP_DOWNLOAD_URL || "https://roamly.example/app",
    // Required in production (ADRs 0186, 0189).
    PUBLIC_ORIGIN: publicOrigin,
    CODE_HMAC_SECRET: "bench-verification-code-secret-0123456789",
  };
}

/**
 * The production server, exactly as deployed: `npm run serve`'s `node scripts/serve.ts` with NODE_ENV=production,
 * which restarts itself (same pid) with the production heap limit (ADR 0145) unless NODE_OPTIONS or
 * MAX_OLD_SPACE_MB says otherwise.
 */
export async function startStoreServer(options: StoreServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = spawnTracked(
    ["scripts/serve.ts"],
    {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir ?? "",
      DATABASE_URL: options.databaseUrl ?? "",
      BUILD_DIR: options.buildDir,
      SSR_CACHE_TTL_MS: String(options.htmlCacheTtlMs),
      ...productionEnv(url),
      ...options.env,
    },
    options.label,
  );
  await waitUntilReady(spawned, `${url}/readyz`, options.label);
  return {
    label: options.label,
    url,
    pid: spawned.child.pid!,
    child: spawned.child,
    stop: () => stopChild(spawned.child),
  };
}

/** A bare `node:http` server answering every request with one file's bytes (bench/lib/static-server.ts). */
export async function startStaticServer(file: string, gzipFile?: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = spawnTracked(
    ["bench/lib/static-server.ts"],
    { ...process.env, PORT: String(port), STATIC_FILE: file, STATIC_GZIP_FILE: gzipFile ?? "" },
    "static server",
  );
  await waitUntilReady(spawned, `${url}/`, "static server");
  return {
    label: "static",
    url,
    pid: spawned.child.pid!,
    child: spawned.child,
    stop: () => stopChild(spawned.child),
  };
}

/** Resident set size of a process in MB, from /proc (Linux); null elsewhere or once it has exited. */
export function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `intervalMs` until stopped; gives the peak and the last sample. */
export function sampleRss(pid: number, intervalMs = 100) {
  let peak: number | null = null;
  let last: number | null = null;
  let samples = 0;
  const take = () => {
    const value = rssMb(pid);
    if (value === null) return;
    samples++;
    last = value;
    peak = peak === null ? value : Math.max(peak, value);
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peakMb: peak as number | null, lastMb: last as number | null, samples };
    },
  };
}

/** CPU time (user + system) a process has used, in seconds, from /proc (Linux); null elsewhere. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until the given processes together use less than `threshold` of a core over half a second (start-up
 * work, such as building search terms or first job runs, finished), or until `timeoutMs`. Answers the wait.
 */
export async function waitUntilIdle(pids: number[], timeoutMs = 30_000, threshold = 0.05) {
  const started = Date.now();
  const total = () => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  let before = total();
  while (Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = total();
    if (now - before < threshold * 0.5) return { idle: true, seconds: (Date.now() - started) / 1000 };
    before = now;
  }
  return { idle: false, seconds: (Date.now() - started) / 1000 };
}

/**
 * The reference render (bench/lib/reference-render.ts, ADR 0348): React's `renderToString` of `file`'s markup on
 * every request, from a bare `node:http` server, with React's production build.
 */
export async function startReferenceServer(file: string): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawned = spawnTracked(
    ["bench/lib/reference-render.ts"],
    { ...process.env, NODE_ENV: "production", PORT: String(port), REFERENCE_FILE: file },
    "reference render",
  );
  await waitUntilReady(spawned, `${url}/`, "reference render");
  return {
    label: "reference",
    url,
    pid: spawned.child.pid!,
    child: spawned.child,
    stop: () => stopChild(spawned.child),
  };
}
