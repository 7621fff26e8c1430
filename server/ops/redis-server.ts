import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./process-kit.ts";

// A Redis server of its own, on a free loopback port, for tests that stop Redis (the cluster test, the outage
// tests; ADR 0343): stopping the machine's shared Redis would stop it for everything else running there.

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops it (the port stays this one's: `start` listens on it again). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the data it held (an append-only file, as a production Redis keeps). */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/** Whether `redis-server` is on PATH. */
export function hasRedisServer(): boolean {
  return spawnSync("sh", ["-c", "command -v redis-server"]).status === 0;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-redis-"));
  let child: ChildProcess | null = null;
  let log = "";
  const url = `redis://127.0.0.1:${port}`;
  async function start() {
    log = "";
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes", "--dir", dir],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    const deadline = Date.now() + 10_000;
    while (!/Ready to accept connections/.test(log)) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  }
  await start();
  return {
    url,
    port,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
