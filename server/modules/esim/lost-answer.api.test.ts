import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { esimSupplierOrders, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createAiraloSupplier } from "../../providers/supplier/airalo.ts";
import {
  issuedTo,
  orderRow,
  PLAN,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
  transitionsTo,
} from "../checkout/purchase-test-kit.ts";

// Issue 28, defects 1 and 7 (ADR 0309): an Airalo order whose answer is lost after Airalo placed it ends with the
// shopper holding the eSIM and exactly one Airalo order; an order Airalo may hold is never refunded by the job;
// an order Airalo refuses outright (an invalid package, a 422 without a numeric code) is refunded at once.

const CREDENTIALS = { AIRALO_CLIENT_ID: "lost-answer-client", AIRALO_CLIENT_SECRET: "lost-answer-secret" };
const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  SUPPLIER_PROVIDER: "airalo",
  AIRALO_BASE_URL: standin.url,
}));
const HOUR = 3_600_000;

interface StandinState {
  ordersByDescription: Record<string, number>;
  orderCalls: { route: string; description: string; status: number }[];
}

let packageId = "moshi-moshi-30days-3gb";

beforeAll(async () => {
  await standin.control("limits", {
    usagePerIccidPerMinute: 0,
    usagePerClientPerSecond: 0,
    tokenPerMinute: 0,
  });
  await pricePlan(app);
  const catalogue = await createAiraloSupplier({
    baseUrl: standin.url,
    clientId: CREDENTIALS.AIRALO_CLIENT_ID,
    clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
  }).catalogue();
  if (!catalogue.some((p) => p.packageCode === packageId))
    packageId = catalogue.find((p) => p.countries.includes("JP"))!.packageCode;
  await app.database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "airalo", packageCode: packageId, rank: 0 });
});

/** Runs the jobs with the clock a step further each time (retries wait seconds to minutes). */
async function settleLong(rounds = 12) {
  for (let round = 1; round <= rounds; round += 1) await settle(app, round * HOUR);
}

async function unitRows(orderId: string) {
  return app.database.db
    .select()
    .from(esimSupplierOrders)
    .where(and(eq(esimSupplierOrders.orderId, orderId), eq(esimSupplierOrders.unitIndex, 0)));
}

async function withPackage<T>(code: string, run: () => Promise<T>): Promise<T> {
  await app.database.db
    .update(planSuppliers)
    .set({ packageCode: code })
    .where(eq(planSuppliers.platformProductCode, PLAN));
  try {
    return await run();
  } finally {
    await app.database.db
      .update(planSuppliers)
      .set({ packageCode: packageId })
      .where(eq(planSuppliers.platformProductCode, PLAN));
  }
}

describe("an Airalo order whose answer is lost after Airalo placed it", () => {
  for (const mode of ["504", "drop"] as const) {
    it(`(${mode}) ends with the shopper holding the eSIM and one Airalo order, never a refund`, async () => {
      await standin.control("lose-answer", { route: "POST /v2/orders", mode });
      const who = await shopper(app);
      const code = await placeAndPay(app, who);
      await settleLong();
      const order = await orderRow(app, code);
      expect(order.status).toBe("COMPLETED");
      expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(0);
      const issued = await issuedTo(app, who);
      expect(issued).toHaveLength(1);
      expect(issued[0]!.supplier).toBe("airalo");
      const state = await standin.control<StandinState>("state");
      const key = `order:${order.id}:0`;
      expect(state.ordersByDescription[key]).toBe(1);
      // The lost answer really was lost: Airalo placed the order on a call the store never heard back from.
      expect(state.orderCalls.filter((c) => c.description === key).length).toBeGreaterThanOrEqual(1);
      expect((await unitRows(order.id)).map((r) => [r.supplier, r.status])).toEqual([["airalo", "ISSUED"]]);
    });
  }
});

describe("an order Airalo refuses outright", () => {
  it("an invalid package (a 422 without a numeric code) is refunded at once, after one order call", async () => {
    await withPackage("no-such-package-xyz", async () => {
      const who = await shopper(app);
      const started = performance.now();
      const code = await placeAndPay(app, who);
      await settle(app);
      expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(1);
      expect(performance.now() - started).toBeLessThan(5_000);
      const order = await orderRow(app, code);
      const key = `order:${order.id}:0`;
      const state = await standin.control<StandinState>("state");
      expect(state.orderCalls.filter((c) => c.description === key)).toEqual([
        expect.objectContaining({ route: "POST /v2/orders", status: 422 }),
      ]);
      expect(state.ordersByDescription[key] ?? 0).toBe(0);
      expect((await unitRows(order.id)).map((r) => [r.status, r.failure])).toEqual([
        ["FAILED", "PACKAGE_NOT_FOUND"],
      ]);
    });
  });
});

describe("an order Airalo may hold", () => {
  it("while Airalo gives no final answer, the order waits for an operator (REVIEW) and is never refunded", async () => {
    // Every look-up and order call is answered 504 after taking effect: the store cannot tell what Airalo holds.
    await standin.control("lose-answer", { route: "POST /v2/orders", mode: "504", times: 50 });
    await standin.control("lose-answer", { route: "GET /v2/orders", mode: "504", times: 50 });
    try {
      const who = await shopper(app);
      const code = await placeAndPay(app, who);
      await settleLong(16);
      const order = await orderRow(app, code);
      expect(order.status).toBe("FULFILLING");
      expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(0);
      const [row] = await unitRows(order.id);
      expect(row).toMatchObject({ supplier: "airalo", status: "REVIEW" });
      // Operators see it on the order's timeline.
      const timeline = await app.services.esim.consoleTimelineOfOrder(order.id);
      expect(timeline.events.map((e) => e.label)).toContain("esim.supplier.review");
      // It stays so: later runs neither order again nor refund.
      const calls = (await standin.control<StandinState>("state")).orderCalls.length;
      await settleLong(4);
      expect((await orderRow(app, code)).status).toBe("FULFILLING");
      expect((await standin.control<StandinState>("state")).orderCalls.length).toBe(calls);
    } finally {
      // Clear what is left of the queued lost answers (the last test of the file).
      for (const route of ["POST /v2/orders", "GET /v2/orders"])
        await standin.control("lose-answer", { route, mode: "504", times: 0 }).catch(() => undefined);
    }
  });
});
