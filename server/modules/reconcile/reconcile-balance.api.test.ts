import { randomUUID } from "node:crypto";
import { eq, gt } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  esimSupplierOrders,
  orders,
  planSuppliers,
  supplierBalanceReadings,
} from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createAiraloSupplier } from "../../providers/supplier/airalo.ts";
import type { SupplierName } from "../../providers/supplier/types.ts";
import { scrapeMetrics } from "../../telemetry/metrics.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import {
  issuedTo,
  orderRow,
  PLAN,
  place,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { ISSUE_GRACE_MS, utcDay } from "./service.ts";

// The reconciliation's balance movements, top-ups and grace period (issue 29 item 4, ADR 0390), against both
// suppliers' stand-ins over HTTP, whose balances run down with each order and top-up and come back with an
// eSIM Access cancellation, as their documents say. A clean day with orders, top-ups and a cancellation at each
// finds nothing; money the books do not explain, an account top-up, top-ups paid but not issued, issued but not
// paid or of another amount, and an order paid just before midnight are each found, or not, as they should be.

const CREDENTIALS = {
  ESIMACCESS_ACCESS_CODE: "balance-code",
  ESIMACCESS_SECRET: "balance-secret",
  AIRALO_CLIENT_ID: "balance-client",
  AIRALO_CLIENT_SECRET: "balance-secret",
};
const esimaccess = standinForFile("esimaccess", {
  ...CREDENTIALS,
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_ALLOCATE_AFTER_QUERIES: "1",
  STANDIN_RATE_PER_SECOND: "1000",
});
const airalo = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  ESIMACCESS_BASE_URL: esimaccess.url,
  AIRALO_BASE_URL: airalo.url,
}));
const AIRALO_PACKAGE = "moshi-moshi-30days-3gb";
// Both stand-ins' fixtures sell the plan's package, and its top-up, at 4.50 USD.
const COST = 450;

// Each test runs the reconciliation on a clock past the grace period (`later()`), and a run reads the balances at
// its start on that clock. Within 31 minutes of midnight UTC those readings fall on the next day, where they would
// bracket the next test's day before its own orders: a reading of the future never exists outside a test, so each
// test starts without them.
beforeEach(async () => {
  await app.database.db
    .delete(supplierBalanceReadings)
    .where(gt(supplierBalanceReadings.takenAt, new Date()));
});

beforeAll(async () => {
  await airalo.control("limits", {
    usagePerIccidPerMinute: 0,
    usagePerClientPerSecond: 0,
    tokenPerMinute: 0,
  });
  await pricePlan(app);
});

const today = () => utcDay(new Date());
/** A run's clock once the grace period after the test's payments has passed. */
const later = () => new Date(Date.now() + ISSUE_GRACE_MS + 60_000);
const at = (iso: string) => new Date(iso);
/** Each test pays for orders at two stand-ins over HTTP: seconds alone, more on a busy machine. */
const SLOW = 90_000;

/** The plan is fulfilled by one supplier, at the cost the catalogue sync would have written. */
async function supplyFrom(supplier: SupplierName) {
  await app.database.db.delete(planSuppliers).where(eq(planSuppliers.platformProductCode, PLAN));
  await app.database.db.insert(planSuppliers).values({
    platformProductCode: PLAN,
    supplier,
    packageCode: supplier === "esimaccess" ? "CKH491" : AIRALO_PACKAGE,
    rank: 0,
    costUsdCents: COST,
  });
}

async function delivered(who: Shopper, supplier: SupplierName, body: Record<string, unknown> = {}) {
  await supplyFrom(supplier);
  const code = await placeAndPay(app, who, body);
  await settle(app);
  const row = await orderRow(app, code);
  expect(row.status).toBe("COMPLETED");
  return row;
}

async function refundToCredit(code: string, total: number) {
  const headers = await operatorHeaders(app, await createOperator(app, "finance"));
  const done = await app.server.inject({
    method: "POST",
    url: `/o2adm/v1/orders/${code}/refunds`,
    headers,
    payload: {
      reason: "Customer changed plans",
      idempotencyKey: randomUUID(),
      amount: total,
      destination: "CREDIT",
    },
  });
  expect(done.statusCode, done.body).toBe(200);
  await settle(app);
}

/** Moves when our books say the supplier's balance paid for an order (a day in the past). */
async function placedAt(orderId: string, when: Date) {
  await app.database.db
    .update(esimSupplierOrders)
    .set({ placedAt: when })
    .where(eq(esimSupplierOrders.orderId, orderId));
}

const esimaccessBalance = async () =>
  ((await esimaccess.control("state", {})) as { balance: number }).balance;

describe("reconciling supplier balances, top-ups and late issues", () => {
  it(
    "finds nothing on a clean day of orders, top-ups and a cancellation at each supplier",
    async () => {
      await app.services.supplierBalances.check("esimaccess");
      await app.services.supplierBalances.check("airalo");
      const who = await shopper(app);
      await delivered(who, "esimaccess");
      const [esim] = await issuedTo(app, who);
      await delivered(who, "esimaccess", { topUpIccid: esim!.iccid });
      // Refunded to store credit: cancelled at eSIM Access, which puts its price back on the balance.
      const cancelled = await delivered(who, "esimaccess");
      const before = await esimaccessBalance();
      await refundToCredit(cancelled.code, cancelled.total);
      expect(await esimaccessBalance()).toBe(before + COST * 100);

      const other = await shopper(app);
      await delivered(other, "airalo");
      const [sim] = await issuedTo(app, other);
      await delivered(other, "airalo", { topUpIccid: sim!.iccid });

      const result = await app.services.reconcile.run(today(), later());
      expect(result.recorded).toEqual([]);
      expect(result.balances).toEqual(
        expect.arrayContaining([
          // Three orders (one a top-up) less the one cancelled; two at Airalo (one a top-up).
          { supplier: "esimaccess", outcome: "ok", expectedMinor: 2 * COST, actualMinor: 2 * COST },
          { supplier: "airalo", outcome: "ok", expectedMinor: 2 * COST, actualMinor: 2 * COST },
        ]),
      );
    },
    SLOW,
  );

  it(
    "reconciles top-ups like first purchases, and finds a balance drop no order explains",
    async () => {
      const db = app.database.db;
      await app.services.supplierBalances.check("esimaccess");
      await app.services.supplierBalances.check("airalo");
      const who = await shopper(app);
      await delivered(who, "airalo");
      const [sim] = await issuedTo(app, who);
      const other = await shopper(app);
      await delivered(other, "esimaccess");
      const [profile] = await issuedTo(app, other);

      // Paid but not issued: a top-up of each supplier's profile that no supplier was asked for.
      const unissued: string[] = [];
      for (const [buyer, iccid, supplier] of [
        [who, sim!.iccid, "airalo"],
        [other, profile!.iccid, "esimaccess"],
      ] as const) {
        await supplyFrom(supplier);
        const placed = await place(app, buyer, { topUpIccid: iccid });
        expect(placed.statusCode, placed.body).toBe(201);
        const code = placed.json().code as string;
        await db.update(orders).set({ status: "PAID", paidAt: new Date() }).where(eq(orders.code, code));
        unissued.push(code);
      }
      // Issued but not paid: an Airalo top-up under the key of a top-up order nobody paid (its cost leaves the
      // balance with no order of ours to explain it).
      await supplyFrom("airalo");
      const unpaid = await orderRow(
        app,
        (await place(app, who, { topUpIccid: sim!.iccid })).json().code as string,
      );
      await createAiraloSupplier({
        baseUrl: airalo.url,
        clientId: CREDENTIALS.AIRALO_CLIENT_ID,
        clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
      }).topUp(
        sim!.iccid as string,
        { productCode: PLAN, packageCode: AIRALO_PACKAGE, dataMb: 3072, validityDays: 30 },
        `order:${unpaid.id}:0`,
      );
      // Amounts differ: a paid and issued top-up whose total our books changed.
      const changed = await delivered(other, "esimaccess", { topUpIccid: profile!.iccid });
      await db
        .update(orders)
        .set({ total: changed.total + 100 })
        .where(eq(orders.id, changed.id));

      const result = await app.services.reconcile.run(today(), later());
      const found = result.recorded.map((m) => ({ kind: m.kind, party: m.party, orderCode: m.orderCode }));
      expect(found).toHaveLength(5);
      expect(found).toEqual(
        expect.arrayContaining([
          { kind: "PAID_NOT_ISSUED", party: "supplier.airalo", orderCode: unissued[0] },
          { kind: "PAID_NOT_ISSUED", party: "supplier.esimaccess", orderCode: unissued[1] },
          { kind: "ISSUED_NOT_PAID", party: "supplier.airalo", orderCode: unpaid.code },
          { kind: "AMOUNT_DIFFERS", party: "payment.sandbox", orderCode: changed.code },
          { kind: "BALANCE_MISMATCH", party: "supplier.airalo", orderCode: null },
        ]),
      );
      // The balance dropped by the unpaid top-up's cost more than our books explain.
      const balance = result.recorded.find((m) => m.kind === "BALANCE_MISMATCH")!;
      expect(balance.theirsMinor! - balance.oursMinor!).toBe(COST);
      expect(result.balances).toContainEqual(
        expect.objectContaining({ supplier: "esimaccess", outcome: "ok" }),
      );
      expect((await app.services.reconcile.run(today(), later())).recorded).toEqual([]);
    },
    SLOW,
  );

  it(
    "tells money gone from a balance from an account top-up, which is listed but not alerted on",
    async () => {
      // 1 November: $3 left eSIM Access's balance with no order of ours.
      await app.services.supplierBalances.check("esimaccess", at("2026-10-31T23:59:00Z"));
      await esimaccess.control("balance", { balance: (await esimaccessBalance()) - 30_000 });
      const drained = await app.services.reconcile.run("2026-11-01", at("2026-11-02T00:40:00Z"));
      expect(drained.recorded.filter((m) => m.party === "supplier.esimaccess")).toEqual([
        expect.objectContaining({
          kind: "BALANCE_MISMATCH",
          oursMinor: 0,
          theirsMinor: 300,
          currency: "USD",
        }),
      ]);

      // 2 November: an order paid for from the balance, and the operator's own $500 top-up of the account.
      await app.services.supplierBalances.check("esimaccess", at("2026-11-01T23:59:00Z"));
      const row = await delivered(await shopper(app), "esimaccess");
      await placedAt(row.id, at("2026-11-02T12:00:00Z"));
      await esimaccess.control("balance", { balance: (await esimaccessBalance()) + 5_000_000 });
      const topped = await app.services.reconcile.run("2026-11-02", at("2026-11-03T00:40:00Z"));
      expect(topped.recorded.filter((m) => m.party === "supplier.esimaccess")).toEqual([
        expect.objectContaining({ kind: "BALANCE_CREDIT", oursMinor: COST, theirsMinor: COST - 50_000 }),
      ]);

      // The console lists both; the open count, the dashboard's and the alert's gauge, counts only the first.
      const headers = await operatorHeaders(app, await createOperator(app, "finance"));
      const listed = (
        await app.server.inject({ method: "GET", url: "/o2adm/v1/reconciliation", headers })
      ).json();
      const kinds = listed.mismatches.map((m: { kind: string }) => m.kind);
      expect(kinds).toContain("BALANCE_CREDIT");
      expect(listed.open).toBe(kinds.filter((k: string) => k !== "BALANCE_CREDIT").length);
      expect(await scrapeMetrics()).toMatch(
        new RegExp(`^roamly_reconciliation_open_mismatches(\\{[^}]*\\})? ${listed.open}$`, "m"),
      );
    },
    SLOW,
  );

  it(
    "gives an order paid just before midnight its grace period, and finds it at the next run if still not issued",
    async () => {
      const db = app.database.db;
      await supplyFrom("airalo");
      const who = await shopper(app);
      const late: { id: string; code: string }[] = [];
      for (let i = 0; i < 2; i += 1) {
        const row = await orderRow(app, (await place(app, who, {})).json().code as string);
        await db
          .update(orders)
          .set({ status: "PAID", paidAt: at("2026-11-03T23:58:00Z") })
          .where(eq(orders.id, row.id));
        late.push(row);
      }
      const paidNotIssued = (run: { recorded: { kind: string; orderCode: string | null }[] }) =>
        run.recorded.filter((m) => m.kind === "PAID_NOT_ISSUED").map((m) => m.orderCode);

      // The day's run, 5 minutes after midnight: neither is looked for yet.
      expect(
        paidNotIssued(await app.services.reconcile.run("2026-11-03", at("2026-11-04T00:05:00Z"))),
      ).toEqual([]);
      // The first is issued a little later.
      await createAiraloSupplier({
        baseUrl: airalo.url,
        clientId: CREDENTIALS.AIRALO_CLIENT_ID,
        clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
      }).provision(
        { productCode: PLAN, packageCode: AIRALO_PACKAGE, dataMb: 3072, validityDays: 30 },
        `order:${late[0]!.id}:0`,
      );
      // The next day's run looks back into the grace period: only the one still not issued is found.
      expect(
        paidNotIssued(await app.services.reconcile.run("2026-11-04", at("2026-11-05T00:05:00Z"))),
      ).toEqual([late[1]!.code]);
    },
    SLOW,
  );
});
