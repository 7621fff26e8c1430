import { inArray } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { esims, orders } from "../../db/schema/index.ts";
import type { TestApp } from "../../test/api.ts";
import { copyTestTemplate } from "../../test/db.ts";
import { placeAndPay, pricePlan, type Shopper, shopper } from "../modules/checkout/purchase-test-kit.ts";
import { overHttp, type ServerProcess, startServerProcess, stopProcess, waitFor } from "./process-kit.ts";

// Roles (issue 34 item 1, ADR 0327): a web instance and a worker over one PostgreSQL database, as real processes.
// Orders placed and paid through the web instance wait as jobs while only the web runs; the worker, once started,
// fulfils them; the worker's port answers health checks and nothing else. Web and worker share one database, so
// this runs where the suite runs on PostgreSQL (CI's PostgreSQL phase); PGlite serves one process only.

const onPostgres = Boolean(process.env.DATABASE_URL);
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

it.skipIf(!onPostgres)(
  "a web instance enqueues and never runs a job; the worker fulfils what web took, and serves only health",
  async () => {
    const copy = await copyTestTemplate();
    if (copy.kind !== "postgres") throw new Error("expected PostgreSQL");
    const database: DatabaseHandle = await openDatabase({ databaseUrl: copy.databaseUrl, poolSize: 4 });
    cleanup.push(() => database.close());
    const env = {
      DATABASE_URL: copy.databaseUrl,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Both poll fast: a web instance that ran jobs would show it within the wait below.
      JOBS_POLL_MS: "50",
      PAYMENT_SANDBOX_CHAOS: "none",
      SUPPLIER_SANDBOX_DELAY_MS: "0",
    };
    const web = await startServerProcess({ ...env, ROLE: "web" });
    cleanup.push(() => stopProcess(web));
    const app = { server: overHttp(web.base), database } as unknown as TestApp;
    await pricePlan(app);
    const shoppers: Shopper[] = [];
    const codes: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const who = await shopper(app);
      shoppers.push(who);
      codes.push(await placeAndPay(app, who));
    }
    // The payment webhooks wait as jobs the web instance enqueued: in two seconds of fast polling it ran none,
    // so no order moved on from where paying left it, and no eSIM was issued.
    const statusOf = async () =>
      (await database.db.select().from(orders).where(inArray(orders.code, codes)))
        .map((o) => o.status)
        .sort();
    const afterPaying = await statusOf();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await statusOf()).toEqual(afterPaying);
    expect(afterPaying).not.toContain("COMPLETED");
    const orderIds = (await database.db.select().from(orders).where(inArray(orders.code, codes))).map(
      (o) => o.id,
    );
    expect(await database.db.select().from(esims).where(inArray(esims.orderId, orderIds))).toEqual([]);

    let worker: ServerProcess | undefined = await startServerProcess({ ...env, ROLE: "worker" });
    cleanup.push(() => worker && stopProcess(worker));
    // The worker's port: health and readiness, nothing else (no API, no pages).
    expect((await fetch(`${worker.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${worker.base}/readyz`)).status).toBe(200);
    expect(
      (await fetch(`${worker.base}/o2ord/v1/customer/orders`, { headers: shoppers[0]!.headers })).status,
    ).toBe(404);
    expect((await fetch(`${worker.base}/`)).status).toBe(404);

    const completed = async () => {
      const rows = await database.db.select().from(orders).where(inArray(orders.code, codes));
      return rows.length === codes.length && rows.every((order) => order.status === "COMPLETED");
    };
    await waitFor(completed, 30_000, "every order completed by the worker").catch((error) => {
      throw new Error(`${error}\n${worker?.output()}`);
    });
    expect(await database.db.select().from(esims).where(inArray(esims.orderId, orderIds))).toHaveLength(
      codes.length,
    );
    // The shopper sees the order complete through the web instance.
    const seen = await fetch(`${web.base}/o2ord/v1/customer/orders/${codes[0]}`, {
      headers: shoppers[0]!.headers,
    });
    expect(((await seen.json()) as { status: string }).status).toBe("COMPLETED");

    // SIGTERM: both exit 0.
    worker.child.kill("SIGTERM");
    web.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(await web.exited).toBe(0);
    worker = undefined;
  },
  300_000,
);
