import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

// Real server processes for the role, shutdown and migration tests (issue 34, ADRs 0327-0328).

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

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  port: number;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/** Starts `server/main.ts --api-only` with `env`; resolves once `/healthz` answers (or /readyz, `waitReady`). */
export async function startServerProcess(
  env: Record<string, string>,
  options: { waitReady?: boolean; script?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, options.script ?? ["server/main.ts", "--api-only"], {
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
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const path = options.waitReady === false ? "/healthz" : "/readyz";
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    const up = await fetch(`${base}${path}`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { child, base, port, output: () => log, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the server did not answer ${path} within 180 s:\n${log}`);
}

export function stopProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  return server.exited;
}

export async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not within ${timeoutMs / 1000} s`);
}

/**
 * The test kit's `app.server.inject` over HTTP to a running process, so the purchase helpers (place, pay) run
 * against a real instance, as a shopper's browser would reach it.
 */
export function overHttp(base: string) {
  return {
    async inject(request: {
      method: string;
      url: string;
      headers?: Record<string, string>;
      payload?: unknown;
    }) {
      const headers: Record<string, string> = { ...request.headers };
      let body: string | undefined;
      if (request.payload !== undefined) {
        if (typeof request.payload === "string") body = request.payload;
        else {
          body = JSON.stringify(request.payload);
          headers["content-type"] ??= "application/json";
        }
      }
      // An absolute URL (the sandbox's payment page) is reached on the same process.
      const target = new URL(request.url, base);
      const response = await fetch(`${base}${target.pathname}${target.search}`, {
        method: request.method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return {
        statusCode: response.status,
        body: text,
        headers: Object.fromEntries(response.headers),
        json: () => JSON.parse(text),
      };
    },
  };
}
