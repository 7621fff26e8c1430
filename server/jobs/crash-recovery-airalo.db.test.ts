import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { esimSupplierOrders, orders, planSuppliers } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/api.ts";
import { copyTestTemplate } from "../../test/db.ts";
import { startStandin } from "../../test/standins.ts";
import { buildApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { PLAN, placeAndPay, pricePlan, shopper } from "../modules/checkout/purchase-test-kit.ts";
import { createAiraloSupplier } from "../providers/supplier/airalo.ts";

// Issue 28, defect 1 (ADR 0309): the real server, as a child process, is killed with SIGKILL while its Airalo order
// call is in flight (Airalo has placed the order; its answer is held back), then started again. The restarted
// server's job finds the order Airalo placed: the shopper holds the eSIM, and Airalo holds exactly one order.

const CREDENTIALS = { AIRALO_CLIENT_ID: "crash-client", AIRALO_CLIENT_SECRET: "crash-secret" };
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

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
  const dir = mkdtempSync(path.join(os.tmpdir(), "esim-crash-airalo-"));
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

async function waitFor(
  condition: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  log: () => string,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not within ${timeoutMs / 1000} s:\n${log()}`);
}

it("kill -9 while the Airalo order call is in flight: after the restart the shopper has the eSIM, Airalo one order", async () => {
  const standin = await startStandin("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
  cleanup.push(() => standin.stop());
  const supplierEnv = { ...CREDENTIALS, SUPPLIER_PROVIDER: "airalo", AIRALO_BASE_URL: standin.url };
  const catalogue = await createAiraloSupplier({
    baseUrl: standin.url,
    clientId: CREDENTIALS.AIRALO_CLIENT_ID,
    clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
  }).catalogue();
  const pkg =
    catalogue.find((p) => p.packageCode === "moshi-moshi-30days-3gb") ??
    catalogue.find((p) => p.countries.includes("JP"))!;

  // A paid order, made in this process with the server's own code: its payment webhook waits as a job.
  const target = await freshDatabase();
  const database = await target.open();
  const built = await buildApp({
    env: readEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...supplierEnv }),
    database,
    ssr: "none",
    logger: false,
  });
  await built.server.ready();
  const app: TestApp = { server: built.server, services: built.services, database };
  await pricePlan(app);
  await database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "airalo", packageCode: pkg.packageCode, rank: 0 });
  const who = await shopper(app);
  const code = await placeAndPay(app, who);
  const [order] = await database.db.select().from(orders).where(eq(orders.code, code));
  await built.server.close();
  await database.close();
  const key = `order:${order!.id}:0`;

  // Airalo places the order at once and holds its answer back for a minute: the kill lands while it is in flight.
  await standin.control("delay", { route: "POST /v2/orders", ms: 60_000 });
  const env = {
    ...target.env,
    ...supplierEnv,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    JOBS_POLL_MS: "50",
    JOBS_LEASE_MS: "600000",
    PAYMENT_SANDBOX_CHAOS: "none",
  };
  const placed = async () =>
    ((await standin.control<{ ordersByDescription: Record<string, number> }>("state")).ordersByDescription[
      key
    ] ?? 0) > 0;
  const first = await startServer(env);
  await waitFor(placed, 60_000, "Airalo's order", first.output);
  first.child.kill("SIGKILL");
  await new Promise((resolve) => first.child.once("exit", resolve));

  const second = await startServer(env);
  const esims = async () => {
    const response = await fetch(`${second.base}/o2esim/v1/customer/esims?page=0&size=10`, {
      headers: who.headers,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? ((await response.json()) as { totalElements: number }).totalElements : 0;
  };
  const status = async () => {
    const response = await fetch(`${second.base}/o2ord/v1/customer/orders/${code}`, {
      headers: who.headers,
      signal: AbortSignal.timeout(10_000),
    });
    return response.ok ? ((await response.json()) as { status: string }).status : "";
  };
  await waitFor(
    async () => (await status()) === "COMPLETED" && (await esims()) === 1,
    90_000,
    "the order completed with its eSIM",
    second.output,
  );
  await new Promise<void>((resolve) => {
    second.child.once("exit", () => resolve());
    second.child.kill("SIGTERM");
  });

  const state = await standin.control<{ ordersByDescription: Record<string, number> }>("state");
  expect(state.ordersByDescription[key]).toBe(1);
  const after = await target.open();
  cleanup.push(() => after.close());
  const rows = await after.db
    .select()
    .from(esimSupplierOrders)
    .where(eq(esimSupplierOrders.orderId, order!.id));
  expect(rows.map((r) => [r.supplier, r.status])).toEqual([["airalo", "ISSUED"]]);
  const refunds = await after.db.select().from(orders).where(eq(orders.code, code));
  expect(refunds[0]!.status).toBe("COMPLETED");
}, 240_000);
