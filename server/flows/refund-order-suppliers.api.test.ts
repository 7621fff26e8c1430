import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail } from "../../core/esim.ts";
import { esimPackages, planSuppliers } from "../../db/schema/index.ts";
import { setupTestApp } from "../../test/api.ts";
import { standinForFile } from "../../test/standins.ts";
import { createOperator, operatorHeaders } from "../modules/admin/admin-test-kit.ts";
import {
  getAs,
  issuedTo,
  orderRow,
  PLAN,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../modules/checkout/purchase-test-kit.ts";
import { createAiraloSupplier } from "../providers/supplier/airalo.ts";

// Issue 29 item 1 (ADR 0336): an operator's full refund of an eSIM nobody installed cancels it at each real
// supplier's stand-in (separate processes, over HTTP), and the shopper's pages show it cancelled at once; an
// installed or used eSIM is refunded in full only as the refund policy allows.

const CREDENTIALS = {
  ESIMACCESS_ACCESS_CODE: "refund-code",
  ESIMACCESS_SECRET: "refund-secret",
  AIRALO_CLIENT_ID: "refund-client",
  AIRALO_CLIENT_SECRET: "refund-secret",
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

let airaloPackage = "moshi-moshi-30days-3gb";

beforeAll(async () => {
  await airalo.control("limits", {
    usagePerIccidPerMinute: 0,
    usagePerClientPerSecond: 0,
    tokenPerMinute: 0,
  });
  await pricePlan(app);
  const catalogue = await createAiraloSupplier({
    baseUrl: airalo.url,
    clientId: CREDENTIALS.AIRALO_CLIENT_ID,
    clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
  }).catalogue();
  if (!catalogue.some((p) => p.packageCode === airaloPackage))
    airaloPackage = catalogue.find((p) => p.countries.includes("JP"))!.packageCode;
});

async function supplyFrom(supplier: "esimaccess" | "airalo") {
  await app.database.db.delete(planSuppliers).where(eq(planSuppliers.platformProductCode, PLAN));
  await app.database.db.insert(planSuppliers).values({
    platformProductCode: PLAN,
    supplier,
    packageCode: supplier === "esimaccess" ? "CKH491" : airaloPackage,
    rank: 0,
  });
}

async function delivered(supplier: "esimaccess" | "airalo") {
  await supplyFrom(supplier);
  const who = await shopper(app);
  const code = await placeAndPay(app, who);
  await settle(app);
  const row = await orderRow(app, code);
  expect(row.status).toBe("COMPLETED");
  const [esim] = await issuedTo(app, who);
  expect(esim!.supplier).toBe(supplier);
  return { who, code, row, esim: esim! };
}

async function refund(code: string, body: Record<string, unknown>, role: "finance" | "owner" = "finance") {
  const headers = await operatorHeaders(app, await createOperator(app, role));
  return app.server.inject({
    method: "POST",
    url: `/o2adm/v1/orders/${code}/refunds`,
    headers,
    payload: { reason: "Customer changed plans", idempotencyKey: randomUUID(), ...body },
  });
}

async function shopperSees(who: Shopper, esimId: string) {
  const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esimId}`)).json();
  return detail;
}

async function packageOf(esimId: string) {
  const [pkg] = await app.database.db.select().from(esimPackages).where(eq(esimPackages.esimId, esimId));
  return pkg!;
}

describe("an operator's full refund settles the eSIM at its supplier (issue 29)", () => {
  it("eSIM Access: esim/cancel is called after the refund commits; the shopper sees it cancelled at once", async () => {
    const { who, code, row, esim } = await delivered("esimaccess");
    const summary = await app.server.inject({
      method: "GET",
      url: `/o2adm/v1/orders/${code}/refund-summary`,
      headers: await operatorHeaders(app, await createOperator(app, "support")),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ left: row.total, esimAction: "CANCEL", fullAllowed: true });
    expect(summary.json().esims[0]).toMatchObject({ iccid: esim.iccid, installed: false, used: false });
    const before = (await esimaccess.control("state", {})) as { balance: number };

    const done = await refund(code, { amount: row.total, destination: "CREDIT" });
    expect(done.statusCode, done.body).toBe(200);
    // At once, before the supplier has answered: cancelled, and no install data in the API.
    const seen = await shopperSees(who, esim.id);
    expect(seen.state).toBe("CANCELLED");
    expect(seen.lpa).toBe("");
    expect(seen.installUrls.ios).toBe("");
    expect((await packageOf(esim.id)).supplierCancel).toBe("PENDING");

    await settle(app);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    expect((await packageOf(esim.id)).supplierCancel).toBe("CANCELLED");
    // The stand-in refunded the profile's price to the store's balance: it was cancelled there.
    const after = (await esimaccess.control("state", {})) as { balance: number };
    expect(after.balance).toBeGreaterThan(before.balance);
    const list = await getAs(app, who, "/o2esim/v1/customer/esims");
    expect(JSON.stringify(list.json())).toContain("CANCELLED");
  });

  it("Airalo: the refund request waits for Airalo's review, and the console's summary says so", async () => {
    const { who, code, row, esim } = await delivered("airalo");
    const done = await refund(code, { amount: row.total, destination: "CARD" });
    expect(done.statusCode, done.body).toBe(200);
    expect((await shopperSees(who, esim.id)).state).toBe("CANCELLED");
    await settle(app);
    const pkg = await packageOf(esim.id);
    expect(pkg.supplierCancel).toBe("REQUESTED");
    const state = (await airalo.control("state", {})) as { refunds: { iccids?: string[] }[] };
    expect(JSON.stringify(state.refunds)).toContain(esim.iccid);
    const summary = await app.server.inject({
      method: "GET",
      url: `/o2adm/v1/orders/${code}/refund-summary`,
      headers: await operatorHeaders(app, await createOperator(app, "finance")),
    });
    expect(summary.json().esims[0]).toMatchObject({ supplierCancel: "REQUESTED" });
    expect(summary.json().left).toBe(0);
  });

  it("an installed, used eSIM: refused in full above the policy's usage limit, allowed in part or within it", async () => {
    const { who, code, row, esim } = await delivered("esimaccess");
    await esimaccess.control("install", { iccid: esim.iccid });
    // Half of the data used (the stand-in's profile volume is in bytes).
    const profile = (await esimaccess.control("usage", { iccid: esim.iccid, usedBytes: 0 })) as {
      totalVolume: number;
    };
    await esimaccess.control("usage", { iccid: esim.iccid, usedBytes: Math.floor(profile.totalVolume / 2) });
    await app.services.esim.refreshFromSupplier(esim.iccid);

    const full = await refund(code, { amount: row.total, destination: "CREDIT" });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().code).toBe("refund.block.usedTooMuch");
    expect((await shopperSees(who, esim.id)).state).not.toBe("CANCELLED");
    // A goodwill part leaves the eSIM alone.
    const part = await refund(code, { amount: 100, destination: "CREDIT" });
    expect(part.statusCode, part.body).toBe(200);
    expect((await shopperSees(who, esim.id)).state).not.toBe("CANCELLED");

    // The owner allows installed eSIMs with up to 60 % used: the rest is refunded and the eSIM withdrawn.
    const owner = await operatorHeaders(app, await createOperator(app, "owner"));
    const policy = await app.server.inject({ method: "GET", url: "/o2adm/v1/refund-policy", headers: owner });
    const current = policy.json() as Record<string, unknown>;
    const saved = await app.server.inject({
      method: "PUT",
      url: "/o2adm/v1/refund-policy",
      headers: owner,
      payload: { ...current, updatedAt: undefined, maxUsedPercent: 60 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const rest = await refund(code, { amount: row.total - 100, destination: "CREDIT" });
      expect(rest.statusCode, rest.body).toBe(200);
      expect((await shopperSees(who, esim.id)).state).toBe("CANCELLED");
      await settle(app);
      // eSIM Access refuses to cancel a downloaded profile: recorded for an operator to settle.
      expect((await packageOf(esim.id)).supplierCancel).toBe("REFUSED");
    } finally {
      await app.server.inject({
        method: "PUT",
        url: "/o2adm/v1/refund-policy",
        headers: owner,
        payload: { ...current, updatedAt: undefined },
      });
    }
  });
});
