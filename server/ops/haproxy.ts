import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./process-kit.ts";

// HAProxy in front of N loopback web instances, for the cluster test and the scale-out bench (issue 34). The
// config mirrors deploy/haproxy.cfg (health checks on /readyz, redispatch of requests that never reached an
// instance), without TLS and with shorter check intervals, so a dead instance is noticed within a second.
//
// Usage:
//   const proxy = await startHaproxy([{ port: 4001 }, { port: 4002 }]);
//   await fetch(`${proxy.base}/healthz`);
//   await proxy.stop();

export interface HaproxyBackend {
  /** Loopback port the instance listens on. */
  port: number;
  /** Name in HAProxy's config and logs; `web1`, `web2`, … by default. */
  name?: string;
}

export interface HaproxyOptions {
  /** Health check interval in ms (a dead instance is out after `fall` checks). Default 500. */
  checkIntervalMs?: number;
  /** How long one check may take before it counts as failed. Default 2000 (a loaded machine answers slowly). */
  checkTimeoutMs?: number;
  /** Failed checks before an instance is taken out. Default 2. */
  fall?: number;
  /** Passed checks before it is taken back. Default 1. */
  rise?: number;
  /** Connections HAProxy accepts at once. Default 2000. */
  maxconn?: number;
  /** The frontend's port, when it must be known before (an origin the instances are told); default a free one. */
  port?: number;
}

export interface RunningHaproxy {
  /** `http://127.0.0.1:<port>` of the frontend. */
  base: string;
  port: number;
  /** The config it runs with, for error messages. */
  config: string;
  /** HAProxy's own output (health-check state changes are logged here). */
  output: () => string;
  /** Stops HAProxy and removes its temp folder; safe to call twice. */
  stop: () => Promise<void>;
}

/** Thrown when HAProxy is missing and cannot be installed here; `message` says what to do. */
export class HaproxyUnavailable extends Error {}

/**
 * The path of the `haproxy` binary. When missing, installs Debian's package (`apt-get install -y haproxy`, as
 * root or through `sudo -n`); throws HaproxyUnavailable saying why when that is not possible.
 */
export function findHaproxy(options: { install?: boolean } = {}): string {
  const found = which("haproxy") ?? ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"].find(isExecutable);
  if (found) return found;
  if (options.install === false) throw new HaproxyUnavailable("haproxy is not installed");
  if (!which("apt-get")) {
    throw new HaproxyUnavailable(
      "haproxy is not installed and there is no apt-get here: install HAProxy 2.4 or later",
    );
  }
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const sudo = !root && which("sudo") && spawnSync("sudo", ["-n", "true"]).status === 0;
  if (!root && !sudo) {
    throw new HaproxyUnavailable(
      "haproxy is not installed, and installing it needs root: run `sudo apt-get install -y haproxy`",
    );
  }
  const [command, ...prefix] = root ? ["apt-get"] : ["sudo", "-n", "apt-get"];
  const aptGet = (...args: string[]) =>
    spawnSync(command!, [...prefix, ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      encoding: "utf8",
    });
  let result = aptGet("install", "-y", "haproxy");
  // The package lists may be missing in a fresh container: refresh them once, then try again.
  if (result.status !== 0) {
    aptGet("update");
    result = aptGet("install", "-y", "haproxy");
  }
  const installed = which("haproxy") ?? ["/usr/sbin/haproxy"].find(isExecutable);
  if (result.status !== 0 || !installed) {
    throw new HaproxyUnavailable(
      `apt-get install -y haproxy failed:\n${result.stderr ?? ""}${result.stdout ?? ""}`,
    );
  }
  return installed;
}

/** HAProxy's config for `backends` behind one HTTP frontend on `port`, all on loopback. */
export function haproxyConfig(
  port: number,
  backends: HaproxyBackend[],
  options: HaproxyOptions = {},
): string {
  const inter = options.checkIntervalMs ?? 500;
  const servers = backends.map(
    (backend, index) => `  server ${backend.name ?? `web${index + 1}`} 127.0.0.1:${backend.port}`,
  );
  return [
    "global",
    `  maxconn ${options.maxconn ?? 2000}`,
    "  log stderr format raw local0 notice",
    "",
    "defaults",
    "  mode http",
    "  log global",
    "  option forwardfor",
    "  option redispatch",
    "  option http-server-close",
    "  retries 3",
    // As in deploy/haproxy.cfg: only a request that never reached an instance, or that it dropped without
    // answering, is tried again on another one.
    "  retry-on conn-failure empty-response",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  timeout http-request 10s",
    "  timeout queue 10s",
    `  timeout check ${options.checkTimeoutMs ?? 2000}ms`,
    "",
    "frontend http",
    `  bind 127.0.0.1:${port}`,
    "  default_backend web",
    "",
    "backend web",
    "  balance roundrobin",
    "  option httpchk",
    "  http-check send meth GET uri /readyz",
    "  http-check expect status 200",
    `  default-server check inter ${inter} fall ${options.fall ?? 2} rise ${options.rise ?? 1}`,
    ...servers,
    "",
  ].join("\n");
}

/** Starts HAProxy on a free loopback port in front of `backends`; resolves once the frontend accepts. */
export async function startHaproxy(
  backends: HaproxyBackend[],
  options: HaproxyOptions & { binary?: string } = {},
): Promise<RunningHaproxy> {
  const binary = options.binary ?? findHaproxy();
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-haproxy-"));
  const config = haproxyConfig(port, backends, options);
  const file = path.join(dir, "haproxy.cfg");
  writeFileSync(file, config);
  const check = spawnSync(binary, ["-c", "-f", file], { encoding: "utf8" });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`haproxy rejected its config:\n${check.stderr}${check.stdout}\n${config}`);
  }
  // -db: stay in the foreground, so the child is HAProxy itself and stopping it needs no pid file.
  const child: ChildProcess = spawn(binary, ["-db", "-f", file], {
    stdio: ["ignore", "pipe", "pipe"],
    cwd: dir,
  });
  let log = "";
  child.stdout?.on("data", (chunk) => {
    log += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 3000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`haproxy exited (${child.exitCode}):\n${log}`);
    }
    // Any HTTP answer (even a 503 while no instance is up yet) means the frontend accepts.
    const accepts = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    );
    if (accepts) return { base, port, config, output: () => log, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`haproxy did not accept on ${base} within 10 s:\n${log}`);
}

function which(command: string): string | undefined {
  try {
    return execFileSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
}

function isExecutable(file: string): boolean {
  return spawnSync("test", ["-x", file]).status === 0;
}
