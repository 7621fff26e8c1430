import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { jobs, orders } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/api.ts";
import { copyTestTemplate } from "../../test/db.ts";
import { buildApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { placeAndPay, pricePlan, type Shopper, shopper } from "../modules/checkout/purchase-test-kit.ts";
import { ESIM_PROVISION_JOB } from "../modules/esim/service.ts";

// Crash recovery (ADR 0177): the real server, as a child process, is killed with SIGKILL while it fulfils paid
// orders, then started again. Leases are ten minutes here, so only the restart's reclaim of the dead worker's
// jobs (not a lease running out) can deliver every eSIM within the 60 s the shop promises.

const ORDERS = 5;
const BUDGET_MS = 60_000;
const LEASE_MS = 600_000;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

/** Where the database lives: a new PostgreSQL database from the template, or a PGlite directory on disk. */
async function freshDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
}> {
  const copy = await copyTestTemplate();
  if (copy.kind === "postgres") {
    return {
      env: { DATABASE_URL: copy.databaseUrl },
      open: () => openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 4 }),
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-crash-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const first = await openDatabase({ dataDir: dir, loadDataDir: copy.dump });
  await first.close();
  return { env: { DATA_DIR: dir }, open: () => openDatabase({ dataDir: dir }) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts", "--api-only"], {
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
  cleanup.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, base, output: () => log };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server was not ready within 60 s:\n${log}`);
}

/** The order as its shopper sees it: its status and how many eSIMs it delivered. */
async function orderSeen(
  server: Server,
  who: Shopper,
  code: string,
): Promise<{ status: string; esims: number }> {
  const response = await fetch(`${server.base}/o2ord/v1/customer/orders/${code}`, {
    headers: who.headers,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`order: ${response.status} ${await response.text()}`);
  const order = (await response.json()) as { status: string };
  return { status: order.status, esims: await esimCount(server, who) };
}

/** How many eSIMs the shopper sees in their account. */
async function esimCount(server: Server, who: Shopper): Promise<number> {
  const response = await fetch(`${server.base}/o2esim/v1/customer/esims?page=0&size=10`, {
    headers: who.headers,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`esims: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { totalElements: number }).totalElements;
}

async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  log: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const met = await condition().catch((error) => {
      throw new Error(`${error}\n${log()}`);
    });
    if (met) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not within ${timeoutMs / 1000} s:\n${log()}`);
}

it("after a kill -9 mid-fulfilment and a restart, every paid order has its eSIM within 60 s", async () => {
  const target = await freshDatabase();
  // Paid orders, made in this process with the server's own code: their payment webhooks wait as jobs.
  const database = await target.open();
  const built = await buildApp({
    env: readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }),
    database,
    ssr: "none",
    logger: false,
  });
  await built.server.ready();
  const app: TestApp = { server: built.server, services: built.services, database };
  await pricePlan(app);
  const shoppers: Shopper[] = [];
  const codes: string[] = [];
  for (let n = 0; n < ORDERS; n += 1) {
    const who = await shopper(app);
    shoppers.push(who);
    codes.push(await placeAndPay(app, who));
  }
  await built.server.close();
  await database.close();

  const env = {
    ...target.env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    JOBS_POLL_MS: "50",
    JOBS_LEASE_MS: String(LEASE_MS),
    PAYMENT_SANDBOX_CHAOS: "none",
    // A slow supplier, so the kill lands while the server is in the middle of provisioning.
    SUPPLIER_SANDBOX_DELAY_MS: "400",
  };
  const first = await startServer(env);
  await waitFor(
    async () => (await esimCount(first, shoppers[0]!)) > 0,
    60_000,
    "the first eSIM",
    first.output,
  );
  first.child.kill("SIGKILL");
  await new Promise((resolve) => first.child.once("exit", resolve));
  const counts = await Promise.all(shoppers.map((who) => esimCount(first, who).catch(() => -1)));
  expect(counts.every((count) => count === -1)).toBe(true);

  const restartedAt = performance.now();
  const second = await startServer(env);
  const delivered = async () =>
    (await Promise.all(shoppers.map((who, n) => orderSeen(second, who, codes[n]!)))).every(
      (order) => order.status === "COMPLETED" && order.esims === 1,
    );
  await waitFor(delivered, BUDGET_MS, "every order completed with its eSIM", second.output);
  expect(performance.now() - restartedAt).toBeLessThan(BUDGET_MS);
  await new Promise<void>((resolve) => {
    second.child.once("exit", () => resolve());
    second.child.kill("SIGTERM");
  });

  // Every order completed once: one provisioning job each, all done.
  const after = await target.open();
  cleanup.push(() => after.close());
  const rows = await after.db.select().from(orders).where(inArray(orders.code, codes));
  expect(rows.map((row) => row.status)).toEqual(codes.map(() => "COMPLETED"));
  const provisioning = await after.db.select().from(jobs).where(eq(jobs.kind, ESIM_PROVISION_JOB.kind));
  expect(provisioning).toHaveLength(ORDERS);
  expect(provisioning.every((job) => job.status === "DONE")).toBe(true);
}, 180_000);
