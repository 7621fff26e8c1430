import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll } from "vitest";

// Starts the Stripe stand-in as its own process for a test (ADRs 0195, 0326), the way test/standins.ts starts the
// supplier stand-ins. docs/testing/stripe-standin.md describes the environment and the controls.

export interface RunningStripeStandin {
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Calls one of the stand-in's test controls (POST /__standin/<path>); throws on a refusal. */
  control<T = Record<string, unknown>>(path: string, body?: Record<string, unknown>): Promise<T>;
}

export async function startStripeStandin(
  env: Record<string, string> = {},
): Promise<RunningStripeStandin & { stop(): Promise<void> }> {
  const main = fileURLToPath(new URL("./main.ts", import.meta.url));
  const secretKey = env.STRIPE_SECRET_KEY || "sk_test_standin";
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || "whsec_standin";
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      ...env,
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STANDIN_PORT: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`stripe stand-in exited with ${code}`)));
    lines.on("line", (line) => {
      const match = /^listening (\S+)$/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  return {
    url,
    secretKey,
    webhookSecret,
    async control<T>(path: string, body: Record<string, unknown> = {}) {
      const response = await fetch(`${url}/__standin/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = await response.json();
      if (!response.ok) throw new Error(`stripe stand-in control ${path}: ${JSON.stringify(json)}`);
      return json as T;
    },
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/** The stand-in for a whole test file: started in beforeAll (before an app that needs its URL), stopped after. */
export function stripeStandinForFile(env: Record<string, string> = {}): RunningStripeStandin {
  const holder = {} as RunningStripeStandin & { stop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await startStripeStandin(env));
  });
  afterAll(async () => {
    await holder.stop?.();
  });
  return holder;
}
