import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../db/client.ts";
import { copyTestTemplate } from "../../../test/db.ts";
import { createEsimAccessStandin } from "../../standins/esimaccess/server.ts";
import { createEsimAccessSupplier } from "./esimaccess.ts";
import { createDbRateWindows, isolatedRateWindows, type RateWindows } from "./rate-limit.ts";

// Issue 34, item 1 (ADR 0334): eSIM Access allows an account 8 requests a second, and that holds across every web
// and worker instance together, not per process. The stand-in enforces the limit the way the supplier does (a 429
// past 8 calls in any second) and counts what it refused and the most calls it let through in one second.

const CREDENTIALS = { accessCode: "access-code-shared", secret: "secret-shared" };
const INSTANCES = 3;
const CALLS_EACH = 12;

interface StandinCounts {
  rateLimited: number;
  peakPerSecond: number;
}

let handles: DatabaseHandle[] = [];
let databaseUrl: string | null = null;
const standin = createEsimAccessStandin({ ...CREDENTIALS, ratePerSecond: 8 });
let baseUrl = "";

async function counts(): Promise<StandinCounts> {
  const response = await fetch(`${baseUrl}/__standin/state`, { method: "POST", body: "{}" });
  return (await response.json()) as StandinCounts;
}

async function resetCounts() {
  await fetch(`${baseUrl}/__standin/rate`, { method: "POST", body: JSON.stringify({ ratePerSecond: 8 }) });
}

beforeAll(async () => {
  baseUrl = await standin.listen();
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") {
    // Each instance has its own pool, as separate processes would.
    databaseUrl = copy.databaseUrl;
    handles = await Promise.all(
      Array.from({ length: INSTANCES }, () => openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 4 })),
    );
  } else {
    // The embedded database serves one process: its instances share the one handle, and nothing else.
    const handle = await openDatabase({ dataDir: "memory://", loadDataDir: copy.dump });
    handles = Array.from({ length: INSTANCES }, () => handle);
  }
});

afterAll(async () => {
  await standin.close();
  for (const handle of new Set(handles)) await handle.close();
});

/** Three instances, each with its own adapter and windows, call the supplier at once; every call must succeed. */
async function callFromInstances(windowsOf: (instance: number) => RateWindows) {
  const adapters = Array.from({ length: INSTANCES }, (_, instance) =>
    createEsimAccessSupplier({
      baseUrl,
      ...CREDENTIALS,
      rateWindows: windowsOf(instance),
      // A 429 is not waited out here, so the stand-in's count shows every call the limit refused.
      maxRetryAfterMs: 0,
      maxRateWaitMs: 30_000,
    }),
  );
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    adapters.flatMap((adapter) => Array.from({ length: CALLS_EACH }, () => adapter.balance!())),
  );
  return { outcomes, elapsedMs: performance.now() - started };
}

describe("supplier rate limits across instances (issue 34, ADR 0334)", () => {
  it("keeps eSIM Access to 8 requests a second across three instances sharing the database", async () => {
    await resetCounts();
    const { outcomes, elapsedMs } = await callFromInstances((instance) =>
      createDbRateWindows(handles[instance]!.db),
    );
    expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
    const { rateLimited, peakPerSecond } = await counts();
    expect(rateLimited).toBe(0);
    expect(peakPerSecond).toBeLessThanOrEqual(8);
    expect(peakPerSecond).toBeGreaterThanOrEqual(6);
    // 36 calls at 8 a second need more than 4 s: the instances waited for each other.
    expect(elapsedMs).toBeGreaterThan(3_500);
  }, 60_000);

  it("would pass the limit if each instance kept its own window (the control)", async () => {
    await resetCounts();
    const { outcomes } = await callFromInstances(() => isolatedRateWindows());
    const { rateLimited, peakPerSecond } = await counts();
    expect(peakPerSecond).toBe(8);
    expect(rateLimited).toBeGreaterThan(0);
    expect(outcomes.some((o) => o.status === "rejected")).toBe(true);
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)(
    "keeps to 8 a second across three worker processes over one PostgreSQL",
    async () => {
      await resetCounts();
      const script = `
        import { openDatabase } from "./db/client.ts";
        import { createEsimAccessSupplier } from "./server/providers/supplier/esimaccess.ts";
        import { createDbRateWindows } from "./server/providers/supplier/rate-limit.ts";
        const handle = await openDatabase({ databaseUrl: process.env.SHARED_DB, poolSize: 4 });
        const adapter = createEsimAccessSupplier({
          baseUrl: process.env.STANDIN_URL, accessCode: ${JSON.stringify(CREDENTIALS.accessCode)},
          secret: ${JSON.stringify(CREDENTIALS.secret)}, rateWindows: createDbRateWindows(handle.db),
          maxRetryAfterMs: 0, maxRateWaitMs: 30000,
        });
        const outcomes = await Promise.allSettled(Array.from({ length: ${CALLS_EACH} }, () => adapter.balance()));
        await handle.close();
        console.log(JSON.stringify({ failed: outcomes.filter((o) => o.status === "rejected").length }));`;
      const runs = await Promise.all(
        Array.from(
          { length: INSTANCES },
          () =>
            new Promise<{ failed: number }>((resolve, reject) => {
              const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
                env: { ...process.env, SHARED_DB: databaseUrl ?? "", STANDIN_URL: baseUrl },
                stdio: ["ignore", "pipe", "pipe"],
              });
              let out = "";
              let err = "";
              child.stdout.on("data", (chunk) => {
                out += chunk;
              });
              child.stderr.on("data", (chunk) => {
                err += chunk;
              });
              child.on("exit", (code) =>
                code === 0
                  ? resolve(JSON.parse(out.trim().split("\n").pop() ?? "{}"))
                  : reject(new Error(err)),
              );
            }),
        ),
      );
      expect(runs).toEqual(Array.from({ length: INSTANCES }, () => ({ failed: 0 })));
      const { rateLimited, peakPerSecond } = await counts();
      expect(rateLimited).toBe(0);
      expect(peakPerSecond).toBeLessThanOrEqual(8);
    },
    120_000,
  );
});
