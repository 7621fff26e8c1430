import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { esimSupplierOrders, jobs, orderRefunds, orders, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createEsimAccessSupplier } from "../../providers/supplier/esimaccess.ts";
import { SupplierPendingError } from "../../providers/supplier/types.ts";
import { scrapeMetrics } from "../../telemetry/metrics.ts";
import { auditOf, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import {
  issuedTo,
  orderRow,
  PLAN,
  place,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { ISSUE_GRACE_MS, RECONCILE_JOB, utcDay } from "./service.ts";

// The daily reconciliation (issue 29 item 4, ADR 0365) against the eSIM Access stand-in over HTTP and the payment
// sandbox: each mismatch kind is found exactly once, a clean day finds none, and a second run records nothing.

const CREDENTIALS = { ESIMACCESS_ACCESS_CODE: "access-code-test", ESIMACCESS_SECRET: "secret-test" };
const standin = standinForFile("esimaccess", {
  ...CREDENTIALS,
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_ALLOCATE_AFTER_QUERIES: "0",
  STANDIN_RATE_PER_SECOND: "1000",
});
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  SUPPLIER_PROVIDER: "esimaccess",
  ESIMACCESS_BASE_URL: standin.url,
}));

beforeAll(async () => {
  await pricePlan(app);
  await app.database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "esimaccess", packageCode: "CKH491", rank: 0 });
  // Allocation reaches the store as the supplier's webhook, as in real life.
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  await standin.control("webhook", { url: `${address}/o2esim/v1/supplier/esimaccess/webhook` });
});

const today = () => utcDay(new Date());
/** A run's clock once the grace period after the test's payments has passed. */
const later = () => new Date(Date.now() + ISSUE_GRACE_MS + 60_000);

/** A shopper's order paid on the sandbox and issued by the stand-in, as in real life. */
async function paidAndIssued() {
  const who = await shopper(app);
  const code = await placeAndPay(app, who);
  await settle(app);
  const order = await orderRow(app, code);
  const [placed] = await app.database.db
    .select()
    .from(esimSupplierOrders)
    .where(eq(esimSupplierOrders.orderId, order.id));
  await standin.control("allocate", { orderNo: placed!.reference });
  await settle(app, 0);
  await settle(app);
  expect((await orderRow(app, code)).status).toBe("COMPLETED");
  const [esim] = await issuedTo(app, who);
  return { code, order: await orderRow(app, code), iccid: esim!.iccid as string };
}

async function operator() {
  const finance = await createOperator(app, "finance");
  const headers = await operatorHeaders(app, finance);
  return { finance, headers };
}

describe("reconciliation with the eSIM Access stand-in and the payment sandbox", () => {
  it("finds nothing on a clean day", async () => {
    await paidAndIssued();
    await paidAndIssued();
    const result = await app.services.reconcile.run(today());
    expect(result.checked).toMatchObject({ orders: 2, suppliers: 1 });
    expect(result.recorded).toEqual([]);
    const { headers } = await operator();
    const listed = await app.server.inject({ method: "GET", url: "/o2adm/v1/reconciliation", headers });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({ mismatches: [], open: 0 });
  });

  it("finds each kind of mismatch exactly once, and a second run records nothing", async () => {
    const db = app.database.db;
    // Paid but not issued: our books say paid, no supplier holds the order.
    const who = await shopper(app);
    const unissued = (await place(app, who, {})).json().code as string;
    await db.update(orders).set({ status: "PAID", paidAt: new Date() }).where(eq(orders.code, unissued));

    // Issued but not paid: a supplier order under the key of an order nobody paid.
    const unpaid = (await place(app, who, {})).json().code as string;
    const unpaidRow = await orderRow(app, unpaid);
    const adapter = createEsimAccessSupplier({
      baseUrl: standin.url,
      accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
      secret: CREDENTIALS.ESIMACCESS_SECRET,
    });
    const plan = { productCode: PLAN, packageCode: "CKH491", dataMb: 3072, validityDays: 30 };
    const pending = await adapter.provision(plan, `order:${unpaidRow.id}:0`).catch((error: unknown) => error);
    expect(pending).toBeInstanceOf(SupplierPendingError);
    await standin.control("allocate", { orderNo: (pending as SupplierPendingError).reference });

    // Refunded but still active: the refund is in our books, the stand-in keeps the profile working.
    const refunded = await paidAndIssued();
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ status: "REFUNDED" }).where(eq(orders.id, refunded.order.id));
      await tx.insert(orderRefunds).values({
        orderId: refunded.order.id,
        amount: refunded.order.total,
        currencyCode: refunded.order.currencyCode,
        destination: "CREDIT",
        status: "SUCCEEDED",
        reason: "test",
        idempotencyKey: randomUUID(),
      });
    });

    // Amounts differ: our order says more than the provider charged.
    const changed = await paidAndIssued();
    await db
      .update(orders)
      .set({ total: changed.order.total + 100 })
      .where(eq(orders.id, changed.order.id));

    // Within the grace period after its payment the unissued order is not looked for yet; once it has passed, it
    // is (ADR 0390).
    const early = await app.services.reconcile.run(today());
    expect(early.recorded.map((m) => m.kind).sort()).toEqual([
      "AMOUNT_DIFFERS",
      "ISSUED_NOT_PAID",
      "REFUNDED_STILL_ACTIVE",
    ]);
    const late = await app.services.reconcile.run(today(), later());
    expect(late.recorded.map((m) => m.kind)).toEqual(["PAID_NOT_ISSUED"]);
    const first = { recorded: [...early.recorded, ...late.recorded] };
    const found = first.recorded.map((m) => ({
      kind: m.kind,
      orderCode: m.orderCode,
      reference: m.reference,
    }));
    expect(found).toHaveLength(4);
    expect(found).toEqual(
      expect.arrayContaining([
        {
          kind: "PAID_NOT_ISSUED",
          orderCode: unissued,
          reference: `order:${(await orderRow(app, unissued)).id}:0`,
        },
        {
          kind: "ISSUED_NOT_PAID",
          orderCode: unpaid,
          reference: (pending as SupplierPendingError).reference,
        },
        { kind: "REFUNDED_STILL_ACTIVE", orderCode: refunded.code, reference: refunded.iccid },
        { kind: "AMOUNT_DIFFERS", orderCode: changed.code, reference: expect.stringMatching(/^pay_/) },
      ]),
    );
    const amount = first.recorded.find((m) => m.kind === "AMOUNT_DIFFERS")!;
    expect(amount).toMatchObject({ oursMinor: changed.order.total + 100, theirsMinor: changed.order.total });

    // The same day again, and the job for it: nothing is recorded twice.
    expect((await app.services.reconcile.run(today(), later())).recorded).toEqual([]);
    await app.services.jobs.enqueue(RECONCILE_JOB, { day: today() });
    await settle(app, 0);
    const [ran] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RECONCILE_JOB.kind), eq(jobs.status, "DONE")));
    expect(ran).toBeTruthy();

    // The console lists the four, and an operator resolves one with a note (audited); it cannot be resolved twice.
    const { finance, headers } = await operator();
    const listed = await app.server.inject({ method: "GET", url: "/o2adm/v1/reconciliation", headers });
    expect(listed.json()).toMatchObject({ open: 4 });
    expect(listed.json().mismatches).toHaveLength(4);
    const resolve = (id: string, note: string) =>
      app.server.inject({
        method: "POST",
        url: `/o2adm/v1/reconciliation/${id}/resolve`,
        headers,
        payload: { note },
      });
    expect((await resolve(amount.id, "")).statusCode).toBe(400);
    const done = await resolve(amount.id, "Charged the difference by hand");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ resolutionNote: "Charged the difference by hand" });
    const again = await resolve(amount.id, "again");
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ failed: true, code: "consoleReconcile.alreadyResolved" });
    const audit = await auditOf(app, "reconciliation_mismatch", amount.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operatorId: finance.id, action: "reconciliation.resolve" });
    const open = await app.server.inject({ method: "GET", url: "/o2adm/v1/reconciliation", headers });
    expect(open.json()).toMatchObject({ open: 3 });
    expect(open.json().mismatches).toHaveLength(3);
    // The alert's gauge reads the same count at each scrape.
    expect(await scrapeMetrics()).toMatch(/^roamly_reconciliation_open_mismatches(\{[^}]*\})? 3$/m);
  });

  it("lets only the roles that hold the permission read or resolve", async () => {
    const merch = await createOperator(app, "merchandiser");
    const headers = await operatorHeaders(app, merch);
    const listed = await app.server.inject({ method: "GET", url: "/o2adm/v1/reconciliation", headers });
    expect(listed.statusCode).toBe(403);
    const support = await createOperator(app, "support");
    const supportHeaders = await operatorHeaders(app, support);
    const resolved = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/reconciliation/${randomUUID()}/resolve`,
      headers: supportHeaders,
      payload: { note: "not mine to do" },
    });
    expect(resolved.statusCode).toBe(403);
  });
});
