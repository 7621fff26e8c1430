import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "../../db/client.ts";
import { copyTestTemplate } from "../../test/db.ts";
import { startServerProcess, stopProcess } from "./process-kit.ts";

// Shutdown (issue 34 item 3, ADR 0328), on the real server as a child process: on SIGTERM a request already in
// flight (its body still arriving) is answered, a new connection is refused, and the process exits 0.

const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

async function databaseEnv(): Promise<Record<string, string>> {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") return { DATABASE_URL: copy.databaseUrl };
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-shutdown-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const first = await openDatabase({ dataDir: dir, loadDataDir: copy.dump });
  await first.close();
  return { DATA_DIR: dir };
}

it("on SIGTERM a slow request in flight completes, new connections are refused, and the process exits 0", async () => {
  const server = await startServerProcess({
    ...(await databaseEnv()),
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    JOBS_POLL_MS: "200",
  });
  cleanup.push(() => stopProcess(server));
  const body = JSON.stringify({ loginName: "nobody@example.com", password: "not-a-sealed-password" });
  // Headers and half the body now; the rest after the signal.
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const slow = request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/o2cum/v1/pub/customer/login",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    slow.on("error", reject);
    slow.write(body.slice(0, 10));
    cleanup.push(() => slow.destroy());
    setTimeout(() => {
      server.child.kill("SIGTERM");
      setTimeout(async () => {
        // The listener is closed: a new connection is refused while the slow request is still open.
        const refused = await fetch(`${server.base}/healthz`).then(
          () => "answered",
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? String(error),
        );
        try {
          expect(refused).toBe("ECONNREFUSED");
        } catch (error) {
          reject(error);
        }
        slow.end(body.slice(10));
      }, 1_500);
    }, 300);
  });
  const answered = await answer;
  // The request completed with the API's own answer (a refused sign-in), not a cut connection or a 503.
  expect(answered.status).toBeGreaterThanOrEqual(400);
  expect(answered.status).toBeLessThan(500);
  expect(JSON.parse(answered.body)).toMatchObject({ failed: true });
  expect(await server.exited).toBe(0);
}, 240_000);
