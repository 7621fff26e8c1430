import { createHmac } from "node:crypto";
import { createServer } from "node:net";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, jobs as jobRows, plans } from "../../../../db/schema/index.ts";
import { setupTestApp } from "../../../../test/api.ts";
import { standinForFile } from "../../../../test/standins.ts";
import { createOperator, operatorHeaders, type TestOperator } from "../../admin/admin-test-kit.ts";
import { SUPPLIER_BALANCE_JOB } from "./balance.ts";
import { CATALOGUE_SYNC_JOB } from "./service.ts";
import type { SupplierStatusView } from "./sync-log.ts";

// The console's Suppliers page API (issue 28, ADR 0311) against both suppliers' stand-ins over HTTP: status,
// sync now (one job while one waits), registering webhooks (Airalo checks the URL with HEAD first) and the
// webhook endpoints' HEAD answer.

const ESIMACCESS = { ESIMACCESS_ACCESS_CODE: "suppliers-code", ESIMACCESS_SECRET: "suppliers-secret" };
const AIRALO = { AIRALO_CLIENT_ID: "suppliers-client", AIRALO_CLIENT_SECRET: "suppliers-airalo-secret" };
const esimaccess = standinForFile("esimaccess", { ...ESIMACCESS, STANDIN_RATE_PER_SECOND: "1000" });
const airalo = standinForFile("airalo", { ...AIRALO, STANDIN_RATE_PER_SECOND: "1000" });

/** The port the store will listen on, so a stand-in can reach its webhook URL (the app is built first). */
let port = 0;
beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
});
const app = setupTestApp(() => ({
  ...ESIMACCESS,
  ...AIRALO,
  ESIMACCESS_BASE_URL: esimaccess.url,
  AIRALO_BASE_URL: airalo.url,
  PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
}));

let merchandiser: TestOperator;
let support: TestOperator;
beforeAll(async () => {
  merchandiser = await createOperator(app, "merchandiser");
  support = await createOperator(app, "support");
});

async function call(method: "GET" | "POST", url: string, who = merchandiser) {
  return app.server.inject({ method, url: `/o2adm/v1${url}`, headers: await operatorHeaders(app, who) });
}

async function statuses() {
  const res = await call("GET", "/suppliers");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { suppliers: SupplierStatusView[]; syncPending: boolean };
}

async function statusOf(name: string) {
  const found = (await statuses()).suppliers.find((s) => s.supplier === name);
  expect(found, `supplier ${name}`).toBeDefined();
  return found!;
}

async function pendingSyncJobs() {
  return app.database.db
    .select()
    .from(jobRows)
    .where(and(eq(jobRows.kind, CATALOGUE_SYNC_JOB.kind), eq(jobRows.status, "PENDING")));
}

async function audits(action: string) {
  return app.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe("console: suppliers (issue 28)", () => {
  it("lists each configured supplier, with what it offers; support may not see it", async () => {
    const { suppliers } = await statuses();
    expect(suppliers.map((s) => s.supplier).sort()).toEqual(["airalo", "esimaccess", "sandbox"]);
    const airaloStatus = suppliers.find((s) => s.supplier === "airalo")!;
    expect(airaloStatus).toMatchObject({ catalogue: true, balance: true, webhooks: true, lastBalance: null });
    expect(airaloStatus.webhook).toMatchObject({
      url: `http://127.0.0.1:${port}/o2esim/v1/supplier/airalo/webhook`,
      registeredAt: null,
      lastReceivedAt: null,
    });
    expect(airaloStatus.sync).toMatchObject({ startedAt: null, outcome: null, errors: [] });
    expect(suppliers.find((s) => s.supplier === "sandbox")).toMatchObject({
      catalogue: false,
      webhooks: false,
    });
    expect((await call("GET", "/suppliers", support)).statusCode).toBe(403);
    expect((await call("POST", "/suppliers/sync", support)).statusCode).toBe(403);
  });

  it("sync now: one job while a request waits, then each supplier's sync recorded with its counts", async () => {
    const before = (await pendingSyncJobs()).length;
    const first = await call("POST", "/suppliers/sync");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ queued: true });
    // Asked again before it ran: the same job.
    const again = await call("POST", "/suppliers/sync");
    expect(again.json()).toEqual({ queued: false });
    expect((await pendingSyncJobs()).length).toBe(before + 1);
    expect((await statuses()).syncPending).toBe(true);
    expect(await audits("supplier.sync.request")).toHaveLength(2);

    await app.services.jobs.drain();
    const after = await statuses();
    expect(after.syncPending).toBe(false);
    for (const name of ["esimaccess", "airalo"]) {
      const { sync } = after.suppliers.find((s) => s.supplier === name)!;
      expect(sync.outcome, name).toBe("OK");
      expect(sync.errors).toEqual([]);
      expect(Date.parse(sync.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(sync.startedAt!));
      // Each stand-in's catalogue holds packages the store sells: new drafts.
      expect(sync.counts!.created, name).toBeGreaterThan(0);
    }
    const drafts = await app.database.db.select().from(plans).where(eq(plans.status, "DRAFT"));
    const created = after.suppliers.reduce((n, s) => n + (s.sync.counts?.created ?? 0), 0);
    expect(drafts.length).toBeGreaterThanOrEqual(created);

    // Once the sync has started, a new request queues a new job.
    expect((await call("POST", "/suppliers/sync")).json()).toEqual({ queued: true });
    await app.services.jobs.drain();
    const twice = await statusOf("airalo");
    expect(twice.sync.counts!.created).toBe(0);
    expect(twice.sync.counts!.updated).toBeGreaterThan(0);
  });

  it("a failed sync is shown with the supplier's error; the job retries", async () => {
    const airaloBefore = (await statusOf("airalo")).sync;
    await esimaccess.control("fail-next", { path: "package/list", errorCode: "900001" });
    expect((await call("POST", "/suppliers/sync")).json()).toEqual({ queued: true });
    await app.services.jobs.drain();
    // One supplier's failure does not keep the other from syncing in the same run.
    const airaloAfter = (await statusOf("airalo")).sync;
    expect(airaloAfter.outcome).toBe("OK");
    expect(airaloAfter.finishedAt).not.toEqual(airaloBefore.finishedAt);
    const { sync } = await statusOf("esimaccess");
    expect(sync.outcome).toBe("FAILED");
    expect(sync.errors).toHaveLength(1);
    expect(sync.errors[0]).toMatch(/\S/);
    expect(sync.counts).toBeNull();
    const retry = await pendingSyncJobs();
    expect(retry.some((job) => job.lastError)).toBe(true);
  });

  it("the balance check records its reading", async () => {
    await app.services.jobs.enqueue(SUPPLIER_BALANCE_JOB, {}, { dedupeKey: "suppliers-test-balance" });
    await app.services.jobs.drain();
    for (const name of ["esimaccess", "airalo"]) {
      const status = await statusOf(name);
      expect(status.lastBalance, name).toMatchObject({ currency: "USD" });
      expect(status.lastBalance!.amountMinor).toBeGreaterThan(0);
      expect(status.balanceCheck).toMatchObject({ error: null });
    }
  });

  it("a failed balance check is shown with its error; the last reading stays", async () => {
    const before = (await statusOf("airalo")).lastBalance;
    await airalo.control("fail-next", { route: "GET /v2/balance", code: 11 });
    await app.services.jobs.enqueue(SUPPLIER_BALANCE_JOB, {}, { dedupeKey: "suppliers-test-balance-2" });
    await app.services.jobs.drain();
    const status = await statusOf("airalo");
    expect(status.balanceCheck!.error).toMatch(/\S/);
    expect(status.lastBalance).toEqual(before);
  });

  it("answers HEAD on both webhook URLs (Airalo's opt-in checks the URL with it)", async () => {
    for (const name of ["esimaccess", "airalo"]) {
      const res = await app.server.inject({ method: "HEAD", url: `/o2esim/v1/supplier/${name}/webhook` });
      expect(res.statusCode, name).toBe(200);
    }
  });

  it("records when a supplier's webhook arrived (Airalo's only when its signature holds)", async () => {
    const health = await app.server.inject({
      method: "POST",
      url: "/o2esim/v1/supplier/esimaccess/webhook",
      payload: { notifyType: "CHECK_HEALTH", content: {} },
    });
    expect(health.statusCode, health.body).toBe(200);
    expect((await statusOf("esimaccess")).webhook.lastReceivedAt).not.toBeNull();

    const body = Buffer.from(JSON.stringify({ type: "webhook_low_data", iccid: "8944000000000000001" }));
    const forged = await app.server.inject({
      method: "POST",
      url: "/o2esim/v1/supplier/airalo/webhook",
      headers: { "content-type": "application/json", "airalo-signature": "ab".repeat(64) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect((await statusOf("airalo")).webhook.lastReceivedAt).toBeNull();
    const signed = await app.server.inject({
      method: "POST",
      url: "/o2esim/v1/supplier/airalo/webhook",
      headers: {
        "content-type": "application/json",
        "airalo-signature": createHmac("sha512", AIRALO.AIRALO_CLIENT_SECRET).update(body).digest("hex"),
      },
      payload: body,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await statusOf("airalo")).webhook.lastReceivedAt).not.toBeNull();
  });

  it("registers webhooks: Airalo refuses while the store's URL does not answer, then takes it; audited", async () => {
    // The store is not listening yet: Airalo's HEAD check of the URL fails, and the page shows why.
    const refused = await call("POST", "/suppliers/airalo/webhook");
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ registered: false });
    expect(refused.json().error).toMatch(/\S/);
    let status = await statusOf("airalo");
    expect(status.webhook).toMatchObject({ registeredAt: null, registeredUrl: null });
    expect(status.webhook.error).toBe(refused.json().error);

    await app.server.listen({ port, host: "127.0.0.1" });
    const taken = await call("POST", "/suppliers/airalo/webhook");
    expect(taken.json()).toEqual({ registered: true, url: status.webhook.url, error: null });
    status = await statusOf("airalo");
    expect(status.webhook).toMatchObject({ registeredUrl: status.webhook.url, error: null });
    expect(status.webhook.registeredAt).not.toBeNull();

    const esim = await call("POST", "/suppliers/esimaccess/webhook");
    expect(esim.json()).toMatchObject({ registered: true, error: null });
    expect((await statusOf("esimaccess")).webhook.registeredUrl).toBe(
      `http://127.0.0.1:${port}/o2esim/v1/supplier/esimaccess/webhook`,
    );

    const entries = await audits("supplier.webhook.register");
    expect(entries.map((e) => [e.entityId, (e.after as { registered: boolean }).registered])).toEqual([
      ["airalo", false],
      ["airalo", true],
      ["esimaccess", true],
    ]);
    // The sandbox has no webhooks; a supplier the store does not have is not found.
    expect((await call("POST", "/suppliers/sandbox/webhook")).statusCode).toBe(409);
    expect((await call("POST", "/suppliers/nobody/webhook")).statusCode).toBe(400);
  });
});
