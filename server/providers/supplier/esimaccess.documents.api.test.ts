import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { standinForFile } from "../../../test/standins.ts";
import { createEsimAccessSupplier } from "./esimaccess.ts";
import { isValidIccid } from "./formats.ts";
import { SupplierPendingError } from "./types.ts";

// The eSIM Access adapter against the stand-in as the documents describe eSIM Access (issue 28; ADR 0308): a lost
// order answer, usage in both documented shapes, top-ups only as listed, webhook/save, the 8-a-second limit.

const CREDENTIALS = { ESIMACCESS_ACCESS_CODE: "access-code-docs", ESIMACCESS_SECRET: "secret-docs" };
const GB = 1_073_741_824;
const PLAN = { productCode: "HK-3GB-30D", packageCode: "CKH491", dataMb: 3072, validityDays: 30 };

const standin = standinForFile("esimaccess", {
  ...CREDENTIALS,
  // Allocation only when the test says so.
  STANDIN_ALLOCATE_AFTER_MS: "0",
  STANDIN_ALLOCATE_AFTER_QUERIES: "0",
});

interface StandinState {
  orders: { orderNo: string; transactionId: string; packageCode: string; allocated: boolean }[];
  orderCalls: Record<string, number>;
  ordersByTransactionId: Record<string, number>;
  topUps: { transactionId: string; iccid: string; packageCode: string }[];
  topUpCalls: Record<string, number>;
  webhookUrl: string | null;
}

const state = () => standin.control<StandinState>("state");
const adapter = () =>
  createEsimAccessSupplier({
    baseUrl: standin.url,
    accessCode: CREDENTIALS.ESIMACCESS_ACCESS_CODE,
    secret: CREDENTIALS.ESIMACCESS_SECRET,
  });

let keys = 0;
function newKey(what: string) {
  keys += 1;
  return `docs:${what}:${keys}`;
}

/** Orders and allocates a profile; answers it. */
async function issued(key = newKey("profile")) {
  const client = adapter();
  const pending = await client.provision(PLAN, key).catch((e: unknown) => e);
  expect(pending).toBeInstanceOf(SupplierPendingError);
  const reference = (pending as SupplierPendingError).reference;
  await standin.control("allocate", { orderNo: reference });
  return (await client.provision(PLAN, key, { reference })).profile;
}

describe("eSIM Access: an order whose answer is lost (defect 1)", () => {
  for (const mode of ["504", "drop"] as const) {
    it(`esim/order takes effect and its answer is lost (${mode}): the same transactionId answers the one order`, async () => {
      const key = newKey(`lost-${mode}`);
      await standin.control("lose-answer", { path: "esim/order", mode });
      const first = await adapter()
        .provision(PLAN, key)
        .catch((e: unknown) => e);
      expect(first).toBeInstanceOf(SupplierPendingError);
      const orderNo = (first as SupplierPendingError).reference;
      // A later repeat without the reference (a restart before it was recorded) reaches the same order.
      const again = await adapter()
        .provision(PLAN, key)
        .catch((e: unknown) => e);
      expect((again as SupplierPendingError).reference).toBe(orderNo);
      const after = await state();
      expect(after.ordersByTransactionId[key]).toBe(1);
      expect(after.orders.filter((o) => o.transactionId === key)).toEqual([
        expect.objectContaining({ orderNo }),
      ]);
      await standin.control("allocate", { orderNo });
      const { profile } = await adapter().provision(PLAN, key, { reference: orderNo });
      expect(isValidIccid(profile.iccid)).toBe(true);
    });
  }

  it("esim/topup takes effect and its answer is lost: the same transactionId answers the one top-up", async () => {
    const profile = await issued();
    const [offer] = await adapter().topUpOffers(profile.iccid);
    const key = newKey("topup-lost");
    await standin.control("lose-answer", { path: "esim/topup", mode: "504" });
    const first = await adapter().topUp(profile.iccid, { ...PLAN, packageCode: offer!.packageCode }, key);
    const again = await adapter().topUp(profile.iccid, { ...PLAN, packageCode: offer!.packageCode }, key);
    expect(again).toEqual(first);
    expect((await state()).topUps.filter((t) => t.transactionId === key)).toHaveLength(1);
  });
});

describe("eSIM Access: usage in both documented shapes (defect 2)", () => {
  afterAll(async () => {
    await standin.control("usage-shape", { shape: "list" });
  });

  for (const shape of ["list", "esimUsageList"] as const) {
    it(`reads usage when obj is ${shape === "list" ? "the list itself" : "{esimUsageList}"}`, async () => {
      await standin.control("usage-shape", { shape });
      const profile = await issued();
      await standin.control("usage", { iccid: profile.iccid, usedBytes: 2.5 * GB });
      const usage = await adapter().usage(profile.iccid);
      expect(usage.packages[0]).toMatchObject({ state: "ACTIVE", usedMb: 2560 });
    });
  }
});

describe("eSIM Access: top-ups only as listed for the profile (defect 9)", () => {
  it("lists the profile's TOPUP_ packages; a package not listed is refused before anything is ordered", async () => {
    const profile = await issued();
    const offers = await adapter().topUpOffers(profile.iccid);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.packageCode).toMatch(/^TOPUP_/);
    expect(offers.map((o) => o.packageCode)).toContain("TOPUP_CKH491");
    const done = await adapter().topUp(
      profile.iccid,
      { ...PLAN, packageCode: "TOPUP_CKH491" },
      newKey("topup-listed"),
    );
    expect(done.packageId).toMatch(/^topup:/);

    const key = newKey("topup-not-listed");
    await expect(
      adapter().topUp(profile.iccid, { ...PLAN, packageCode: "TOPUP_NOT_FOR_THIS" }, key),
    ).rejects.toMatchObject({ code: "PACKAGE_NOT_FOUND", retryable: false });
    expect((await state()).topUpCalls[key] ?? 0).toBe(0);
  });
});

describe("eSIM Access: webhook/save (defect 5)", () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.statusCode = 200;
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/esimaccess`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("registers the URL; a refusal is WEBHOOK_REFUSED, not retryable", async () => {
    await adapter().registerWebhook(url);
    expect((await state()).webhookUrl).toBe(url);
    await standin.control("fail-next", { path: "webhook/save", errorCode: "200002" });
    await expect(adapter().registerWebhook(`${url}/other`)).rejects.toMatchObject({
      code: "WEBHOOK_REFUSED",
      retryable: false,
    });
    expect((await state()).webhookUrl).toBe(url);
  });
});

describe("eSIM Access: 8 requests a second, held by the adapter (defect 10)", () => {
  it("30 calls at once through two adapters of one account: none is refused with 429", async () => {
    await standin.control("rate", { ratePerSecond: 8 });
    try {
      const one = adapter();
      const two = adapter();
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).balance!()));
      expect(answers).toHaveLength(30);
      // 30 calls at 8 a second take more than 3 seconds.
      expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    } finally {
      await standin.control("rate", { ratePerSecond: 1000 });
    }
  });
});
