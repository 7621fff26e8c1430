import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail } from "../../../core/esim.ts";
import { esimSupplierOrders, messageOutbox, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { parseActivationCode } from "../../providers/supplier/formats.ts";
import {
  getAs,
  issuedTo,
  orderRow,
  PLAN,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
  transitionsTo,
} from "../checkout/purchase-test-kit.ts";
import { TRANSIENT_TRIES_BEFORE_FAILOVER, transientRetryMs } from "./service.ts";

// A plan fulfilled first by eSIM Access (its stand-in, a separate process) with the sandbox as its failover
// (issue 13; ADR 0196).

const CREDENTIALS = { ESIMACCESS_ACCESS_CODE: "failover-code", ESIMACCESS_SECRET: "failover-secret" };
const standin = standinForFile("esimaccess", {
  ...CREDENTIALS,
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_ALLOCATE_AFTER_QUERIES: "1",
  STANDIN_RATE_PER_SECOND: "1000",
});
const app = setupTestApp(() => ({ ...CREDENTIALS, ESIMACCESS_BASE_URL: standin.url }));

beforeAll(async () => {
  await pricePlan(app);
  await app.database.db.insert(planSuppliers).values([
    { platformProductCode: PLAN, supplier: "esimaccess", packageCode: "CKH491", rank: 0 },
    { platformProductCode: PLAN, supplier: "sandbox", packageCode: PLAN, rank: 1 },
  ]);
});

/** Runs the jobs with the clock a step further each time (retries wait seconds to minutes). */
async function settleLong(rounds = 10) {
  for (let round = 1; round <= rounds; round += 1) await settle(app, round * 600_000);
}

interface StandinState {
  ordersByTransactionId: Record<string, number>;
}

async function unitOrders(orderId: string) {
  return app.database.db
    .select()
    .from(esimSupplierOrders)
    .where(and(eq(esimSupplierOrders.orderId, orderId), eq(esimSupplierOrders.unitIndex, 0)));
}

describe("failover between suppliers", () => {
  it("the first supplier delivers while it can", async () => {
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    const [esim] = await issuedTo(app, who);
    expect(esim!.supplier).toBe("esimaccess");
  });

  it("out of stock at the first supplier: the second delivers, and the shopper sees a normal delivery", async () => {
    await standin.control("stock", { packageCode: "CKH491", stock: 0 });
    try {
      const who = await shopper(app);
      const code = await placeAndPay(app, who);
      await settle(app);
      const order = await orderRow(app, code);
      expect(order.status).toBe("COMPLETED");
      expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(0);
      const [esim] = await issuedTo(app, who);
      expect(esim!.supplier).toBe("sandbox");
      const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
      expect(parseActivationCode(detail.lpa)).not.toBeNull();
      expect(detail.state).toBe("READY");
      expect((await unitOrders(order.id)).map((r) => [r.supplier, r.status, r.failure]).sort()).toEqual([
        ["esimaccess", "FAILED", "OUT_OF_STOCK"],
        ["sandbox", "ISSUED", null],
      ]);
      // One delivery e-mail, the same as any other, and nothing about a failure.
      const mails = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, who.email));
      expect(mails.filter((m) => m.subject === `Your eSIM is ready (order ${code})`)).toHaveLength(1);
      expect(mails.filter((m) => m.subject === `We couldn't deliver your eSIM (order ${code})`)).toHaveLength(
        0,
      );
    } finally {
      await standin.control("stock", { packageCode: "CKH491", stock: null });
    }
  });

  it("insufficient balance at the first supplier moves on too; refund only when no supplier can deliver", async () => {
    const { balance } = await standin.control<{ balance: number }>("state");
    await standin.control("balance", { balance: 0 });
    try {
      const who = await shopper(app);
      const code = await placeAndPay(app, who);
      await settle(app);
      expect((await orderRow(app, code)).status).toBe("COMPLETED");
      expect((await issuedTo(app, who))[0]!.supplier).toBe("sandbox");

      // Neither can deliver: now the order is refunded.
      app.services.esimSandbox!.setFailingKeys(/.*/, { retryable: false });
      const other = await shopper(app);
      const failed = await placeAndPay(app, other);
      await settle(app);
      expect(await transitionsTo(app, failed, "REFUNDING")).toHaveLength(1);
    } finally {
      app.services.esimSandbox!.setFailingKeys(null);
      await standin.control("balance", { balance });
    }
  });

  it("a transient error retries the first supplier with backoff, then fails over; never at the first error", async () => {
    // eSIM Access answers a system error (000001, retryable) on every order call.
    await standin.control("fail-next", {
      path: "esim/order",
      errorCode: "000001",
      times: TRANSIENT_TRIES_BEFORE_FAILOVER,
    });
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    // After the first error the unit is still at eSIM Access, waiting to ask again: no failover yet.
    const order = await orderRow(app, code);
    expect(order.status).toBe("FULFILLING");
    expect((await unitOrders(order.id)).map((r) => [r.supplier, r.status, r.polls])).toEqual([
      ["esimaccess", "PLACING", 1],
    ]);
    await settleLong();
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(0);
    expect((await issuedTo(app, who))[0]!.supplier).toBe("sandbox");
    const key = `order:${order.id}:0`;
    const state = await standin.control<StandinState>("state");
    // Asked TRANSIENT_TRIES_BEFORE_FAILOVER times at eSIM Access (refused before it took anything), then the
    // failover. eSIM Access placed nothing.
    expect(state.ordersByTransactionId[key] ?? 0).toBe(0);
    expect(
      (await unitOrders(order.id)).map((r) => [r.supplier, r.status, r.failure, r.polls]).sort(),
    ).toEqual([
      ["esimaccess", "UNSURE", "SUPPLIER_UNAVAILABLE", TRANSIENT_TRIES_BEFORE_FAILOVER],
      ["sandbox", "ISSUED", null, 0],
    ]);
    // The waits grew: 2, 4 and 8 s within the bound.
    expect([1, 2, 3].map(transientRetryMs)).toEqual([2_000, 4_000, 8_000]);
  });

  it("a transient error that clears within the bound: the first supplier delivers", async () => {
    await standin.control("fail-next", { path: "esim/order", errorCode: "000001", times: 2 });
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settleLong();
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect((await issuedTo(app, who))[0]!.supplier).toBe("esimaccess");
    const order = await orderRow(app, code);
    const state = await standin.control<StandinState>("state");
    expect(state.ordersByTransactionId[`order:${order.id}:0`]).toBe(1);
  });
});
