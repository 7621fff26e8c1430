import { and, eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail, EsimSummary } from "../../../core/esim.ts";
import { esimSupplierOrders, messageOutbox, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createJobRunner } from "../../jobs/runner.ts";
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
} from "../../modules/checkout/purchase-test-kit.ts";
import { ESIM_PROVISION_JOB } from "../../modules/esim/service.ts";
import { createEsimAccessSupplier, esimAccessSignature } from "./esimaccess.ts";
import { isValidIccid, parseActivationCode } from "./formats.ts";

// The whole purchase against the eSIM Access stand-in, run as its own process (issue 13; ADR 0195).

const CREDENTIALS = { ESIMACCESS_ACCESS_CODE: "access-code-test", ESIMACCESS_SECRET: "secret-test" };
const GB = 1_073_741_824;

const standin = standinForFile("esimaccess", {
  ...CREDENTIALS,
  // Allocation happens only when the test says so (the control), so every step is deterministic.
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_ALLOCATE_AFTER_QUERIES: "0",
  // The docs' 8 a second is exercised in its own test; here the test's extra adapters would share the budget.
  STANDIN_RATE_PER_SECOND: "1000",
});
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  SUPPLIER_PROVIDER: "esimaccess",
  ESIMACCESS_BASE_URL: standin.url,
}));

interface StandinState {
  balance: number;
  orders: { orderNo: string; transactionId: string; allocated: boolean }[];
}

let webhookUrl: string;

beforeAll(async () => {
  await pricePlan(app);
  await app.database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "esimaccess", packageCode: "CKH491", rank: 0 });
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  webhookUrl = `${address}/o2esim/v1/supplier/esimaccess/webhook`;
  await standin.control("webhook", { url: webhookUrl });
});

function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

async function mail(to: string) {
  return app.database.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.to, to))
    .orderBy(messageOutbox.createdAt);
}

async function ordersFor(orderId: string) {
  const state = await standin.control<StandinState>("state");
  return state.orders.filter((o) => o.transactionId.startsWith(`order:${orderId}:`));
}

describe("eSIM Access: the whole purchase", () => {
  it("paid order → one supplier order → allocation → eSIM with a scannable LPA → usage → top-up", async () => {
    const before = await standin.control<StandinState>("state");
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    // Payment, fulfilment, and polls over the next minutes: the supplier has not allocated yet.
    await settle(app);
    await settle(app, 120_000);
    await settle(app, 300_000);
    const order = await orderRow(app, code);
    expect(order.status).toBe("FULFILLING");
    expect(await issuedTo(app, who)).toHaveLength(0);
    // Several polls ran (each its own job run, as after a restart), and the supplier holds exactly one order.
    const [placed] = await app.database.db
      .select()
      .from(esimSupplierOrders)
      .where(and(eq(esimSupplierOrders.orderId, order.id), eq(esimSupplierOrders.supplier, "esimaccess")));
    expect(placed).toMatchObject({ status: "PLACED", unitIndex: 0 });
    expect(placed!.polls).toBe(3);
    const supplierOrders = await ordersFor(order.id);
    expect(supplierOrders).toEqual([
      expect.objectContaining({
        orderNo: placed!.reference,
        transactionId: `order:${order.id}:0`,
        allocated: false,
      }),
    ]);
    // The package's price (USD × 10,000) came off the prepaid balance once.
    expect((await standin.control<StandinState>("state")).balance).toBe(before.balance - 45_000);

    // The supplier allocates and says so by webhook; the store re-reads through the signed API and delivers.
    const { profiles } = await standin.control<{ profiles: { iccid: string; ac: string }[] }>("allocate", {
      orderNo: placed!.reference,
    });
    await settle(app, 0);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    const [esim] = await issuedTo(app, who);
    expect(esim).toMatchObject({ iccid: profiles[0]!.iccid, supplier: "esimaccess", state: "READY" });
    expect(isValidIccid(esim!.iccid)).toBe(true);
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(detail.lpa).toBe(profiles[0]!.ac);
    expect(parseActivationCode(detail.lpa)).toMatchObject({ smdpAddress: "rsp-eu.redteamobile.com" });
    // The eSIM delivery, not the order confirmation (which names the order too and is HTML as well).
    const delivery = (await mail(who.email)).filter(
      (m) => m.subject === `Your eSIM is ready (order ${code})` && m.html,
    );
    expect(delivery).toHaveLength(1);
    const [qr] = [...delivery[0]!.html!.matchAll(/src="(data:image\/png;base64,[^"]+)"/g)].map((m) => m[1]!);
    expect(decodeQr(qr!)).toBe(profiles[0]!.ac);
    expect(await ordersFor(order.id)).toHaveLength(1);

    // Usage: the supplier reports 2.5 GB of 3 GB used and sends its DATA_USAGE hints; the shopper sees the
    // figures with their "last updated" time, and is told data is running low.
    await standin.control("usage", { iccid: esim!.iccid, usedBytes: 2.5 * GB });
    await settle(app, 0);
    const used: EsimSummary = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(used).toMatchObject({ state: "ACTIVE", dataUsedMb: 2560 });
    expect(used.usageUpdatedAt).not.toBeNull();
    expect(used.packages[0]).toMatchObject({ state: "ACTIVE", dataUsedMb: 2560 });
    const low = (await mail(who.email)).filter((m) => m.body.includes("2.5 GB"));
    expect(low).toHaveLength(1);

    // Top-up on the same profile, at the supplier that issued it, with its top-up package.
    const topUpCode = await placeAndPay(app, who, { topUpIccid: esim!.iccid });
    await settle(app);
    expect((await orderRow(app, topUpCode)).status).toBe("COMPLETED");
    const toppedUp: EsimSummary = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(toppedUp.packages).toHaveLength(2);
    expect(toppedUp.packages[1]).toMatchObject({ topUp: true, orderCode: topUpCode });
    expect((await standin.control<StandinState>("state")).balance).toBe(before.balance - 90_000);
  });

  it("never orders or issues twice: two runners at once, while ordering and while waiting for allocation", async () => {
    const before = await standin.control<StandinState>("state");
    // The first attempt finds the supplier busy (900001, retryable): nothing is ordered yet.
    await standin.control("fail-next", { path: "esim/order", errorCode: "900001" });
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    const order = await orderRow(app, code);
    expect(order.status).toBe("FULFILLING");
    expect(await ordersFor(order.id)).toHaveLength(0);

    // A duplicated job runs on a second runner at the same time as the retry.
    await app.services.jobs.enqueue(
      ESIM_PROVISION_JOB,
      { orderId: order.id },
      { dedupeKey: `dup:${order.id}` },
    );
    const second = createJobRunner({ db: app.database.db });
    app.services.esim.registerJobs(second);
    const later = new Date(Date.now() + 3_600_000);
    await Promise.all([app.services.jobs.runDue(later), second.runDue(later)]);
    const placed = await ordersFor(order.id);
    expect(placed).toHaveLength(1);

    // Allocation, then every waiting job (polls from both runners, the webhook's) at once.
    await standin.control("allocate", { orderNo: placed[0]!.orderNo });
    await Promise.all([app.services.jobs.drain(later), second.drain(later)]);
    await app.services.jobs.drain(new Date(later.getTime() + 3_600_000));
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect(await issuedTo(app, who)).toHaveLength(1);
    expect(await ordersFor(order.id)).toHaveLength(1);
    expect((await standin.control<StandinState>("state")).balance).toBe(before.balance - 45_000);
    const delivered = (await mail(who.email)).filter(
      (m) => m.subject === `Your eSIM is ready (order ${code})`,
    );
    expect(delivered).toHaveLength(1);
  });

  it("an order the supplier cannot finish is refunded, and its unused profile is cancelled at the supplier (refunded there)", async () => {
    await standin.control("stock", { packageCode: "CKH491", stock: 1 });
    try {
      const before = await standin.control<StandinState>("state");
      const who = await shopper(app);
      const code = await placeAndPay(app, who, { quantity: 2 });
      await settle(app);
      const order = await orderRow(app, code);
      const [first] = await ordersFor(order.id);
      await standin.control("allocate", { orderNo: first!.orderNo });
      // Unit 0 is delivered; unit 1 is out of stock and no other supplier fulfils the plan: refund.
      await settle(app, 0);
      await settle(app);
      expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(1);
      const [esim] = await issuedTo(app, who);
      expect(esim!.state).toBe("CANCELLED");
      // The cancel job withdrew the unused profile: the supplier gave the balance back.
      expect((await standin.control<StandinState>("state")).balance).toBe(before.balance);
      const profile = await createEsimAccessSupplier({
        baseUrl: standin.url,
        accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
        secret: CREDENTIALS.ESIMACCESS_SECRET,
      }).profileOf(esim!.iccid);
      expect(profile.esimStatus).toBe("CANCEL");
    } finally {
      await standin.control("stock", { packageCode: "CKH491", stock: null });
    }
  });
});

describe("eSIM Access adapter against the stand-in", () => {
  it("signs as the docs' example does", () => {
    expect(
      esimAccessSignature("1111", {
        timestamp: "1628670421",
        requestId: "4ce9d9cdac9e4e17b3a2c66c358c1ce2",
        accessCode: "11111",
        body: '{"imsi":"326543826"}',
      }),
    ).toBe("7eb765e27df5373dea2dbc8c41a7d9557743e46c8054750f3d851b3fd01d0835");
  });

  it("is refused with a wrong secret, and reads the balance with the right one", async () => {
    const wrong = createEsimAccessSupplier({
      baseUrl: standin.url,
      accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
      secret: "not-the-secret",
    });
    await expect(wrong.balance!()).rejects.toMatchObject({ code: "AUTH_FAILED", retryable: false });
    const right = createEsimAccessSupplier({
      baseUrl: standin.url,
      accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
      secret: CREDENTIALS.ESIMACCESS_SECRET,
    });
    const { balance } = await standin.control<StandinState>("state");
    expect(await right.balance!()).toEqual({ amountMinor: Math.floor(balance / 100), currency: "USD" });
  });

  it("waits out a 429's Retry-After once and then succeeds; a longer wait is left to the job's retry", async () => {
    const settings = {
      baseUrl: standin.url,
      accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
      secret: CREDENTIALS.ESIMACCESS_SECRET,
    };
    const { balance } = await standin.control<StandinState>("state");
    await standin.control("fail-next", { path: "balance/query", errorCode: "429" });
    expect(await createEsimAccessSupplier(settings).balance!()).toEqual({
      amountMinor: Math.floor(balance / 100),
      currency: "USD",
    });
    await standin.control("fail-next", { path: "balance/query", errorCode: "429" });
    await expect(
      createEsimAccessSupplier({ ...settings, maxRetryAfterMs: 0 }).balance!(),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
      retryable: true,
    });
  });

  it("the stand-in answers 429 past 8 requests a second", async () => {
    await standin.control("rate", { ratePerSecond: 8 });
    try {
      const { url } = standin;
      // Unsigned calls are enough: the rate limit answers before authentication.
      const answers = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${url}/api/v1/open/balance/query`, { method: "POST", body: "{}" }).then((r) => r.status),
        ),
      );
      expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    } finally {
      await standin.control("rate", { ratePerSecond: 1000 });
    }
  });

  it("maps the documented error codes: 200007 insufficient balance, 200011 out of stock", async () => {
    const adapter = createEsimAccessSupplier({
      baseUrl: standin.url,
      accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
      secret: CREDENTIALS.ESIMACCESS_SECRET,
    });
    const plan = { productCode: PLAN, packageCode: "CKH492", dataMb: 10_240, validityDays: 30 };
    await standin.control("fail-next", { path: "esim/order", errorCode: "200007" });
    await expect(adapter.provision(plan, "adapter-test-1")).rejects.toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      retryable: false,
    });
    await standin.control("stock", { packageCode: "CKH492", stock: 0 });
    await expect(adapter.provision(plan, "adapter-test-2")).rejects.toMatchObject({
      code: "OUT_OF_STOCK",
      retryable: false,
    });
    await standin.control("stock", { packageCode: "CKH492", stock: null });
  });
});
