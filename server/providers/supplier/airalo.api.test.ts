import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail, EsimSummary } from "../../../core/esim.ts";
import { esimPackages, messageOutbox, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
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
import { createAiraloSupplier } from "./airalo.ts";
import { isValidIccid, parseActivationCode } from "./formats.ts";

// The whole purchase against the Airalo stand-in, run as its own process (issue 13; ADR 0195).

const CREDENTIALS = { AIRALO_CLIENT_ID: "client-test", AIRALO_CLIENT_SECRET: "client-secret-test" };
const PACKAGE = "moshi-moshi-30days-3gb";

const standin = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({
  ...CREDENTIALS,
  SUPPLIER_PROVIDER: "airalo",
  AIRALO_BASE_URL: standin.url,
}));

interface StandinState {
  balance: number;
  tokenRequests: number;
  orders: { id: number; description: string; type: string; sims: string[] }[];
  refunds: { refund_id: string; iccids: string[]; status: string }[];
}

let webhookUrl: string;

beforeAll(async () => {
  await pricePlan(app);
  await app.database.db
    .insert(planSuppliers)
    .values({ platformProductCode: PLAN, supplier: "airalo", packageCode: PACKAGE, rank: 0 });
  const address = await app.server.listen({ port: 0, host: "127.0.0.1" });
  webhookUrl = `${address}/o2esim/v1/supplier/airalo/webhook`;
  await standin.control("webhook", { url: webhookUrl });
});

const adapter = (secret = CREDENTIALS.AIRALO_CLIENT_SECRET) =>
  createAiraloSupplier({
    baseUrl: standin.url,
    clientId: CREDENTIALS.AIRALO_CLIENT_ID,
    clientSecret: secret,
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

describe("Airalo: the whole purchase", () => {
  it("paid order → order with the sim at once → eSIM with a scannable LPA → usage by signed webhook → top-up", async () => {
    const before = await standin.control<StandinState>("state");
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    const order = await orderRow(app, code);
    expect(order.status).toBe("COMPLETED");
    const [esim] = await issuedTo(app, who);
    expect(esim).toMatchObject({ supplier: "airalo", smdpAddress: "lpa.airalo.com", state: "READY" });
    expect(isValidIccid(esim!.iccid)).toBe(true);
    const after = await standin.control<StandinState>("state");
    const placed = after.orders.filter((o) => o.description === `order:${order.id}:0`);
    expect(placed).toEqual([expect.objectContaining({ type: "sim", sims: [esim!.iccid] })]);
    // The net price (USD 4.50) came off the balance.
    expect(after.balance).toBeCloseTo(before.balance - 4.5, 2);

    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(parseActivationCode(detail.lpa)).toMatchObject({
      smdpAddress: "lpa.airalo.com",
      matchingId: esim!.matchingId,
    });
    const delivery = (await mail(who.email)).filter(
      (m) => m.subject === `Your eSIM is ready (order ${code})`,
    );
    const [qr] = [...delivery[0]!.html!.matchAll(/src="(data:image\/png;base64,[^"]+)"/g)].map((m) => m[1]!);
    expect(decodeQr(qr!)).toBe(detail.lpa);

    // Asked again with the same order unit, Airalo's order is found by its description: no second order.
    const again = await adapter().provision(
      { productCode: PLAN, packageCode: PACKAGE, dataMb: 3072, validityDays: 30 },
      `order:${order.id}:0`,
    );
    expect(again.profile.iccid).toBe(esim!.iccid);
    expect(
      (await standin.control<StandinState>("state")).orders.filter(
        (o) => o.description === `order:${order.id}:0`,
      ),
    ).toHaveLength(1);

    // Usage: 2,600 of 3,072 MB used; Airalo's signed 75 % notification makes the store re-read the usage.
    await standin.control("usage", { iccid: esim!.iccid, usedMb: 2600 });
    const used: EsimSummary = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(used).toMatchObject({ state: "ACTIVE", dataUsedMb: 2600 });
    expect(used.usageUpdatedAt).not.toBeNull();
    expect((await mail(who.email)).filter((m) => m.body.includes("2.5 GB"))).toHaveLength(1);

    // Top-up at Airalo with the plan's top-up package.
    const topUpCode = await placeAndPay(app, who, { topUpIccid: esim!.iccid });
    await settle(app);
    expect((await orderRow(app, topUpCode)).status).toBe("COMPLETED");
    const toppedUp: EsimSummary = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
    expect(toppedUp.packages).toHaveLength(2);
    expect(toppedUp.packages[1]).toMatchObject({ topUp: true, orderCode: topUpCode });
    expect((await standin.control<StandinState>("state")).balance).toBeCloseTo(before.balance - 9, 2);
  });

  it("a webhook without Airalo's signature is refused and changes nothing", async () => {
    const body = JSON.stringify({ level: "90%", iccid: "8985200000000000001", type: "data" });
    const forged = await app.server.inject({
      method: "POST",
      url: "/o2esim/v1/supplier/airalo/webhook",
      headers: { "content-type": "application/json", "airalo-signature": "ab".repeat(64), "x-lang": "zh_CN" },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ failed: true, message: "此通知的签名无效。" });
    const signed = await app.server.inject({
      method: "POST",
      url: "/o2esim/v1/supplier/airalo/webhook",
      headers: {
        "content-type": "application/json",
        "airalo-signature": createHmac("sha512", CREDENTIALS.AIRALO_CLIENT_SECRET).update(body).digest("hex"),
      },
      payload: body,
    });
    expect(signed.statusCode).toBe(200);
  });

  it("an order Airalo cannot finish is refunded; the unused eSIM's refund request waits for Airalo's review", async () => {
    await standin.control("stock", { packageId: PACKAGE, stock: 1 });
    try {
      const who = await shopper(app);
      const code = await placeAndPay(app, who, { quantity: 2 });
      await settle(app);
      await settle(app);
      expect(await transitionsTo(app, code, "REFUNDING")).toHaveLength(1);
      const [esim] = await issuedTo(app, who);
      expect(esim!.state).toBe("CANCELLED");
      const { refunds } = await standin.control<StandinState>("state");
      expect(refunds).toEqual([expect.objectContaining({ iccids: [esim!.iccid], status: "PENDING" })]);
      // The store shows the package waiting for Airalo's review, under Airalo's refund id.
      const [pkg] = await app.database.db
        .select()
        .from(esimPackages)
        .where(eq(esimPackages.esimId, esim!.id));
      expect(pkg).toMatchObject({ supplierCancel: "REQUESTED", supplierCancelNote: refunds[0]!.refund_id });
    } finally {
      await standin.control("stock", { packageId: PACKAGE, stock: null });
    }
  });
});

describe("Airalo adapter against the stand-in", () => {
  it("caches its token, and fetches a new one once when the old one is refused", async () => {
    const client = adapter();
    // Adapters of the same credentials share the process's token (issue 28): revoke it so this one asks anew.
    await standin.control("expire-tokens");
    const start = (await standin.control<StandinState>("state")).tokenRequests;
    await client.balance!();
    await client.balance!();
    expect((await standin.control<StandinState>("state")).tokenRequests).toBe(start + 1);
    await standin.control("expire-tokens");
    await client.balance!();
    expect((await standin.control<StandinState>("state")).tokenRequests).toBe(start + 2);
  });

  it("refuses wrong credentials", async () => {
    await expect(adapter("wrong").balance!()).rejects.toMatchObject({
      code: "AUTH_FAILED",
      retryable: false,
    });
  });

  it("maps 422 codes: 11 insufficient credit, 33 out of stock; waits out a 429 once", async () => {
    const client = adapter();
    const plan = {
      productCode: PLAN,
      packageCode: "moshi-moshi-30days-10gb",
      dataMb: 10_240,
      validityDays: 30,
    };
    await standin.control("fail-next", { route: "POST /v2/orders", code: 11 });
    await expect(client.provision(plan, "airalo-adapter-1")).rejects.toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      retryable: false,
    });
    await standin.control("stock", { packageId: "moshi-moshi-30days-10gb", stock: 0 });
    await expect(client.provision(plan, "airalo-adapter-2")).rejects.toMatchObject({ code: "OUT_OF_STOCK" });
    await standin.control("stock", { packageId: "moshi-moshi-30days-10gb", stock: null });
    const first = await client.balance!();
    await standin.control("fail-next", { route: "GET /v2/balance", code: 429 });
    expect(await client.balance!()).toEqual(first);
    await standin.control("fail-next", { route: "GET /v2/balance", code: 429 });
    await expect(
      createAiraloSupplier({
        baseUrl: standin.url,
        clientId: CREDENTIALS.AIRALO_CLIENT_ID,
        clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
        maxRetryAfterMs: 0,
      }).balance!(),
    ).rejects.toMatchObject({ code: "RATE_LIMITED", retryable: true });
  });

  it("reads every page of the package list", async () => {
    const paged = createAiraloSupplier({
      baseUrl: standin.url,
      clientId: CREDENTIALS.AIRALO_CLIENT_ID,
      clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
      pageSize: 2,
    });
    const countries = await paged.packages();
    expect(countries.map((c) => c.country_code).sort()).toEqual(["JP", "KR", "TH"]);
  });
});
