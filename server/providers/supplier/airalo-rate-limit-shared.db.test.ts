import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../db/client.ts";
import { copyTestTemplate } from "../../../test/db.ts";
import { createAiraloStandin } from "../../standins/airalo/server.ts";
import { createAiraloSupplier } from "./airalo.ts";
import { createDbRateWindows, isolatedRateWindows, type RateWindows } from "./rate-limit.ts";
import type { SupplierError } from "./types.ts";

// Issue 34, item 1 (ADR 0334): Airalo's documented per-endpoint limits hold across every web and worker instance
// together, not per process. The usage endpoint has two: 5 requests a second per client and 10 a minute per ICCID
// ([AE]). The stand-in enforces both as Airalo does (a 429 past the limit) and counts every usage call it received
// per ICCID (`usageCalls`), refused or not. The adapters do not wait out a 429, so a refused call fails.

const CLIENT = { clientId: "airalo-rate-client", clientSecret: "airalo-rate-secret" };
const INSTANCES = 3;
/** Sims each instance asks the usage of, once each: 18 calls, 3 per sim, so only the per-second limit binds. */
const SPREAD = 6;
/** Calls each instance makes for one sim: 12 against a limit of 10 a minute. */
const ONE_SIM_CALLS = 4;

const standin = createAiraloStandin({ ...CLIENT, balance: 10_000 });
let baseUrl = "";
let handles: DatabaseHandle[] = [];
/** Fresh sims per test, so no test's calls count in another's per-ICCID window. */
let sims: string[] = [];

async function control<T>(name: string, body: object = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/__standin/${name}`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** The usage calls the stand-in received for each of these sims (refused ones included). */
async function usageCalls(iccids: string[]): Promise<number[]> {
  const { usageCalls } = await control<{ usageCalls: Record<string, number> }>("state");
  return iccids.map((iccid) => usageCalls[iccid] ?? 0);
}

/** Orders `count` sims from the stand-in directly (not through the adapters, so no window counts it). */
async function orderSims(count: number): Promise<string[]> {
  const tokenForm = new FormData();
  tokenForm.set("client_id", CLIENT.clientId);
  tokenForm.set("client_secret", CLIENT.clientSecret);
  tokenForm.set("grant_type", "client_credentials");
  const tokenAnswer = await fetch(`${baseUrl}/v2/token`, { method: "POST", body: tokenForm });
  const token = ((await tokenAnswer.json()) as { data: { access_token: string } }).data.access_token;
  const order = new FormData();
  order.set("quantity", String(count));
  order.set("package_id", "moshi-moshi-30days-3gb");
  order.set("description", "rate-limit-test-sims");
  const answer = await fetch(`${baseUrl}/v2/orders`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: order,
  });
  expect(answer.status).toBe(200);
  const { data } = (await answer.json()) as { data: { sims: { iccid: string }[] } };
  return data.sims.map((sim) => sim.iccid);
}

const takeSims = (count: number) => sims.splice(0, count);

beforeAll(async () => {
  baseUrl = await standin.listen();
  // [AE]'s rate-limits page: 10 usage calls a minute per ICCID (the stand-in's default is the usage page's 100).
  await control("limits", { usagePerIccidPerMinute: 10, usagePerClientPerSecond: 5 });
  sims = await orderSims(SPREAD * 3 + 2);
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") {
    // Each instance has its own pool, as separate processes would.
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

/** An adapter per instance, each with its own windows: it gives up on a 429, and waits at most 10 s for a place. */
function adapters(windowsOf: (instance: number) => RateWindows) {
  return Array.from({ length: INSTANCES }, (_, instance) =>
    createAiraloSupplier({
      baseUrl,
      ...CLIENT,
      rateWindows: windowsOf(instance),
      maxRetryAfterMs: 0,
      maxRateWaitMs: 10_000,
    }),
  );
}

const shared = (instance: number) => createDbRateWindows(handles[instance]!.db);

/** Every instance asks the usage of every sim at once. */
async function usageFromInstances(instances: ReturnType<typeof adapters>, iccids: string[], times = 1) {
  const started = performance.now();
  const outcomes = await Promise.allSettled(
    instances.flatMap((adapter) =>
      iccids.flatMap((iccid) => Array.from({ length: times }, () => adapter.usage(iccid))),
    ),
  );
  return { outcomes, elapsedMs: performance.now() - started };
}

const failures = (outcomes: PromiseSettledResult<unknown>[]) =>
  outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as SupplierError] : []));

describe("Airalo's rate limits across instances (issue 34, ADR 0334)", () => {
  it("keeps usage calls to 5 a second for the client across three instances sharing the database", async () => {
    await sleep(1_100);
    const spread = takeSims(SPREAD);
    const { outcomes, elapsedMs } = await usageFromInstances(adapters(shared), spread);
    expect(failures(outcomes)).toEqual([]);
    // Each call reached the stand-in once: none was refused, so none was sent again.
    expect(await usageCalls(spread)).toEqual(spread.map(() => INSTANCES));
    // 18 calls at 5 a second need more than 3 s: the instances waited for each other.
    expect(elapsedMs).toBeGreaterThan(3_000);
  }, 60_000);

  it("sends an ICCID's 11th usage call of the minute from no instance: the supplier never refuses one", async () => {
    await sleep(1_100);
    const [iccid] = takeSims(1);
    const { outcomes } = await usageFromInstances(adapters(shared), [iccid!], ONE_SIM_CALLS);
    const failed = failures(outcomes);
    expect(outcomes.length - failed.length).toBe(10);
    // The two past the limit were held back by the shared window: a retryable RATE_LIMITED, never sent.
    expect(failed.map((error) => [error.code, error.retryable])).toEqual([
      ["RATE_LIMITED", true],
      ["RATE_LIMITED", true],
    ]);
    expect(failed.every((error) => (error.retryAfterMs ?? 0) > 10_000)).toBe(true);
    expect(await usageCalls([iccid!])).toEqual([10]);
  }, 60_000);

  it("would pass the limits if each instance kept its own windows (the control)", async () => {
    await sleep(1_100);
    const spread = takeSims(SPREAD);
    const { outcomes } = await usageFromInstances(
      adapters(() => isolatedRateWindows()),
      spread,
    );
    // Three instances each allow themselves 5 a second: the stand-in refuses calls.
    expect(failures(outcomes).length).toBeGreaterThan(0);
    expect(failures(outcomes).every((error) => error.code === "RATE_LIMITED")).toBe(true);

    // And each allows itself 10 calls a minute for one sim: all 12 reach the supplier.
    await sleep(1_100);
    const [iccid] = takeSims(1);
    await usageFromInstances(
      adapters(() => isolatedRateWindows()),
      [iccid!],
      ONE_SIM_CALLS,
    );
    expect((await usageCalls([iccid!]))[0]).toBeGreaterThan(10);
  }, 60_000);

  it.runIf(process.env.DATABASE_URL)(
    "keeps to 5 usage calls a second across three worker processes over one PostgreSQL",
    async () => {
      await sleep(1_100);
      const spread = takeSims(SPREAD);
      // A database of their own: each process fetches its own token, and the token's window (3 a minute) is
      // shared too, so the token this file's other instances fetched must not count against them.
      const copy = await copyTestTemplate();
      if (copy.kind !== "postgres") throw new Error("DATABASE_URL is set but the copy is not PostgreSQL");
      const script = `
        import { openDatabase } from "./db/client.ts";
        import { createAiraloSupplier } from "./server/providers/supplier/airalo.ts";
        import { createDbRateWindows } from "./server/providers/supplier/rate-limit.ts";
        const handle = await openDatabase({ databaseUrl: process.env.SHARED_DB, poolSize: 4 });
        const adapter = createAiraloSupplier({
          baseUrl: process.env.STANDIN_URL, clientId: ${JSON.stringify(CLIENT.clientId)},
          clientSecret: ${JSON.stringify(CLIENT.clientSecret)}, rateWindows: createDbRateWindows(handle.db),
          maxRetryAfterMs: 0, maxRateWaitMs: 30000,
        });
        const iccids = ${JSON.stringify(spread)};
        const outcomes = await Promise.allSettled(iccids.map((iccid) => adapter.usage(iccid)));
        await handle.close();
        const failed = outcomes.filter((o) => o.status === "rejected").map((o) => String(o.reason));
        console.log(JSON.stringify({ failed }));`;
      const runs = await Promise.all(
        Array.from(
          { length: INSTANCES },
          () =>
            new Promise<{ failed: string[] }>((resolve, reject) => {
              const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
                env: { ...process.env, SHARED_DB: copy.databaseUrl, STANDIN_URL: baseUrl },
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
      expect(runs).toEqual(Array.from({ length: INSTANCES }, () => ({ failed: [] })));
      expect(await usageCalls(spread)).toEqual(spread.map(() => INSTANCES));
    },
    120_000,
  );
});
