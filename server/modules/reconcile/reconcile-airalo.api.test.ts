import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderRefunds, orders, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createAiraloSupplier } from "../../providers/supplier/airalo.ts";
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
import { utcDay } from "./service.ts";

// The daily reconciliation (ADR 0365) against the Airalo stand-in over HTTP: its order listing (GET /v2/orders)
// and its usage feed. A clean day finds nothing; an order nobody paid and a refunded sim still working are found.

const CREDENTIALS = { AIRALO_CLIENT_ID: "client-test", AIRALO_CLIENT_SECRET: "client-secret-test" };
const PACKAGE = "moshi-moshi-30days-3gb";
const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  SUPPLIER_PROVIDER: "airalo",
  AIRALO_BASE_URL: standin.url,
}));

beforeAll(async () => {
  await pricePlan(app);
  await app.database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "airalo", packageCode: PACKAGE, rank: 0 });
});

const today = () => utcDay(new Date());

async function paidAndIssued() {
  const who = await shopper(app);
  const code = await placeAndPay(app, who);
  await settle(app);
  expect((await orderRow(app, code)).status).toBe("COMPLETED");
  const [esim] = await issuedTo(app, who);
  return { code, order: await orderRow(app, code), iccid: esim!.iccid as string };
}

describe("reconciliation with the Airalo stand-in", () => {
  it("finds nothing on a clean day, then an order nobody paid and a refunded sim still working, once each", async () => {
    await paidAndIssued();
    const clean = await app.services.reconcile.run(today());
    expect(clean.checked).toMatchObject({ orders: 1, suppliers: 1 });
    expect(clean.recorded).toEqual([]);

    // An Airalo order under the key of an order nobody paid.
    const who = await shopper(app);
    const unpaid = (await place(app, who, {})).json().code as string;
    const unpaidRow = await orderRow(app, unpaid);
    const plan = { productCode: PLAN, packageCode: PACKAGE, dataMb: 3072, validityDays: 30 };
    await createAiraloSupplier({
      baseUrl: standin.url,
      clientId: CREDENTIALS.AIRALO_CLIENT_ID,
      clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
    }).provision(plan, `order:${unpaidRow.id}:0`);

    // Refunded to store credit in our books; Airalo keeps the sim.
    const refunded = await paidAndIssued();
    await app.database.db.transaction(async (tx) => {
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

    const found = await app.services.reconcile.run(today());
    expect(found.recorded.map((m) => ({ kind: m.kind, orderCode: m.orderCode, party: m.party }))).toEqual(
      expect.arrayContaining([
        { kind: "ISSUED_NOT_PAID", orderCode: unpaid, party: "supplier.airalo" },
        { kind: "REFUNDED_STILL_ACTIVE", orderCode: refunded.code, party: "supplier.airalo" },
      ]),
    );
    expect(found.recorded).toHaveLength(2);
    // Airalo's listing gives the price it charged (the fixture's 4.50 USD net).
    expect(found.recorded.find((m) => m.kind === "ISSUED_NOT_PAID")).toMatchObject({
      theirsMinor: 450,
      currency: "USD",
    });
    expect((await app.services.reconcile.run(today())).recorded).toEqual([]);
  });
});
