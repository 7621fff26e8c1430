import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { esimSupplierOrders, orders, planSuppliers } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/api.ts";
import {
  type Cleanup,
  freshServerDatabase,
  startServerProcess,
  waitForCondition,
} from "../../test/server-process.ts";
import { startStandin } from "../../test/standins.ts";
import { buildApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { PLAN, placeAndPay, pricePlan, shopper } from "../modules/checkout/purchase-test-kit.ts";
import { createAiraloSupplier } from "../providers/supplier/airalo.ts";

// Issue 28, defect 1 (ADR 0309): the real server, as a child process, is killed with SIGKILL while its Airalo order
// call is in flight (Airalo has placed the order; its answer is held back), then started again. The restarted
// server's job finds the order Airalo placed: the shopper holds the eSIM, and Airalo holds exactly one order.

const CREDENTIALS = { AIRALO_CLIENT_ID: "crash-client", AIRALO_CLIENT_SECRET: "crash-secret" };
const cleanup: Cleanup = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

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
  const target = await freshServerDatabase(cleanup, "esim-crash-airalo-");
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
  const first = await startServerProcess(env, cleanup);
  await waitForCondition(placed, 60_000, "Airalo's order", first.output);
  first.child.kill("SIGKILL");
  await new Promise((resolve) => first.child.once("exit", resolve));

  const second = await startServerProcess(env, cleanup);
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
  await waitForCondition(
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
