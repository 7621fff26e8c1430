import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

// Starts a supplier stand-in as its own process (ADR 0195) for one test file, the way `npm start` does.

export interface RunningStandin {
  url: string;
  /** Calls one of the stand-in's test controls (/__standin/<path>). */
  control<T = unknown>(path: string, body?: Record<string, unknown>): Promise<T>;
}

export async function startStandin(
  name: "esimaccess" | "airalo",
  env: Record<string, string>,
): Promise<RunningStandin & { stop(): Promise<void> }> {
  const main = fileURLToPath(new URL(`../server/standins/${name}/main.ts`, import.meta.url));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: { ...process.env, ...env, STANDIN_PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`stand-in ${name} exited with ${code}`)));
    lines.on("line", (line) => {
      const match = /^listening (\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  return {
    url,
    async control<T>(path: string, body: Record<string, unknown> = {}) {
      const response = await fetch(`${url}/__standin/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`stand-in control ${path}: ${JSON.stringify(json)}`);
      return json as T;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/** A stand-in for the whole test file: started before the app (so its URL can go into the app's settings). */
export function standinForFile(name: "esimaccess" | "airalo", env: Record<string, string>): RunningStandin {
  const holder = {} as RunningStandin & { stop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await startStandin(name, env));
  });
  afterAll(async () => {
    await holder.stop?.();
  });
  return holder;
}
