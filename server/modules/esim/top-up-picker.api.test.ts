import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail } from "../../../core/esim.ts";
import { esims, planSuppliers, plans } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { standinForFile } from "../../../test/standins.ts";
import { createAiraloSupplier } from "../../providers/supplier/airalo.ts";
import {
  getAs,
  issuedTo,
  orderRow,
  PLAN,
  PRICES,
  place,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";

// Issue 12: the top-up picker offers the packages that fit the eSIM (its destination, its supplier), and the
// checkout refuses any other package for it.

// The sandbox is the default supplier; the Airalo stand-in (its own process) issues the eSIMs of defect 9's test.
const CREDENTIALS = { AIRALO_CLIENT_ID: "picker-client", AIRALO_CLIENT_SECRET: "picker-secret" };
const airalo = standinForFile("airalo", { ...CREDENTIALS, STANDIN_RATE_PER_SECOND: "1000" });
const app = setupTestApp(() => ({ ...CREDENTIALS, AIRALO_BASE_URL: airalo.url }));

beforeAll(async () => {
  await pricePlan(app);
});

interface TopUpOptions {
  esimId: string;
  iccid: string;
  preselected: string | null;
  packages: {
    platformProductCode: string;
    title: string;
    dataMb: number | null;
    validityDays: number;
    currencyCode: string;
    unitPrice: number;
  }[];
}

async function deliveredEsim(who: Shopper): Promise<EsimDetail> {
  const code = await placeAndPay(app, who);
  await settle(app);
  expect((await orderRow(app, code)).status).toBe("COMPLETED");
  const [esim] = await issuedTo(app, who);
  return (await getAs(app, who, `/o2esim/v1/customer/esims/${esim!.id}`)).json();
}

function options(who: Shopper, esimId: string, currency = "HKD", lang = "en_US") {
  return app.server.inject({
    method: "GET",
    url: `/o2esim/v1/customer/esims/${esimId}/top-ups`,
    headers: { ...who.headers, "x-currency": currency, "x-lang": lang },
  });
}

/** Runs the jobs with the clock a step further each time (supplier retries wait seconds to minutes). */
async function settleLong(rounds = 6) {
  for (let round = 1; round <= rounds; round += 1) await settle(app, round * 600_000);
}

describe("top-up packages", () => {
  it("lists the destination's plans priced in the shopper's currency, the eSIM's own plan preselected", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    const res = await options(who, esim.id);
    expect(res.statusCode, res.body).toBe(200);
    const hkd: TopUpOptions = res.json();
    expect(hkd.iccid).toBe(esim.iccid);
    expect(hkd.preselected).toBe(PLAN);
    const codes = hkd.packages.map((p) => p.platformProductCode);
    expect(codes).toContain(PLAN);
    expect(codes).toContain("JP-5GB-30D");
    expect(codes.length).toBeGreaterThan(2);
    // Only Japan: a regional or another country's plan would not work where this eSIM works.
    expect(codes.every((code) => code.startsWith("JP-"))).toBe(true);
    const own = hkd.packages.find((p) => p.platformProductCode === PLAN)!;
    expect(own).toMatchObject({ currencyCode: "HKD", unitPrice: PRICES.HKD, validityDays: 30, dataMb: 3072 });

    const usd: TopUpOptions = (await options(who, esim.id, "USD", "zh_HK")).json();
    expect(usd.packages.find((p) => p.platformProductCode === PLAN)).toMatchObject({
      currencyCode: "USD",
      unitPrice: PRICES.USD,
    });
    expect(usd.packages.find((p) => p.platformProductCode === PLAN)!.title).not.toBe(own.title);

    // Another shopper cannot see it; the eSIM's existence is not disclosed.
    const other = await shopper(app);
    expect((await options(other, esim.id)).statusCode).toBe(404);
  });

  it("leaves out a plan that only another supplier than the eSIM's issuer fulfils", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    await app.database.db
      .insert(planSuppliers)
      .values({ platformProductCode: "JP-10GB-30D", supplier: "airalo", packageCode: "japan-10gb-30d" });
    try {
      const listed: TopUpOptions = (await options(who, esim.id)).json();
      expect(listed.packages.map((p) => p.platformProductCode)).not.toContain("JP-10GB-30D");
      const refused = await place(app, who, { platformProductCode: "JP-10GB-30D", topUpIccid: esim.iccid });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ failed: true, code: "esim.topUp.planNotAllowed" });
    } finally {
      await app.database.db.delete(planSuppliers).where(eq(planSuppliers.platformProductCode, "JP-10GB-30D"));
    }
  });

  it("tops the eSIM up with another package of the list, and refuses a forged one with a translated 400", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    const code = await placeAndPay(app, who, { platformProductCode: "JP-5GB-30D", topUpIccid: esim.iccid });
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect(await issuedTo(app, who)).toHaveLength(1);
    const detail: EsimDetail = (await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`)).json();
    expect(detail.packages.map((p) => [p.topUp, p.platformProductCode, p.dataTotalMb])).toEqual([
      [false, PLAN, 3072],
      [true, "JP-5GB-30D", 5120],
    ]);
    // The list still preselects the plan the eSIM was issued with, not the last top-up.
    expect(((await options(who, esim.id)).json() as TopUpOptions).preselected).toBe(PLAN);

    for (const forged of ["ASIA-5GB-30D", "KR-3GB-30D", "NOT-A-PLAN"]) {
      const res = await place(
        app,
        who,
        { platformProductCode: forged, topUpIccid: esim.iccid },
        { lang: "zh_CN" },
      );
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toMatchObject({ failed: true, code: "esim.topUp.planNotAllowed" });
      expect(res.json().message).toBe("该套餐不能为此 eSIM 充值，请从为它提供的充值套餐中选择。");
    }
    // The quote refuses it the same way.
    const quote = await app.server.inject({
      method: "POST",
      url: "/o2ord/v1/customer/checkout/quote",
      headers: { ...who.headers, "x-currency": "HKD", "x-lang": "zh_HK" },
      payload: { platformProductCode: "ASIA-5GB-30D", quantity: 1, topUpIccid: esim.iccid },
    });
    expect(quote.statusCode, quote.body).toBe(400);
    expect(quote.json().message).toBe("該計劃不能為此 eSIM 增值，請從為它提供的增值計劃中選擇。");
  });

  it("says why an expired eSIM takes no top-up", async () => {
    const who = await shopper(app);
    const esim = await deliveredEsim(who);
    await app.database.db.update(esims).set({ state: "EXPIRED" }).where(eq(esims.id, esim.id));
    const res = await options(who, esim.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true, code: "esim.topUp.expired" });
  });
});

describe("top-ups the issuing supplier lists (issue 28, defect 9)", () => {
  it("offers and accepts only the packages Airalo lists for the profile, and orders the listed package", async () => {
    const adapter = createAiraloSupplier({
      baseUrl: airalo.url,
      clientId: CREDENTIALS.AIRALO_CLIENT_ID,
      clientSecret: CREDENTIALS.AIRALO_CLIENT_SECRET,
    });
    const japan = await app.database.db
      .select()
      .from(plans)
      .where(and(eq(plans.destinationCode, "JP"), eq(plans.status, "ON_SHELF")));
    const base = japan.find((p) => p.platformProductCode !== PLAN)!;
    const sim = (await adapter.catalogue()).find((p) => p.countries.includes("JP"))!;
    const mapped: string[] = [base.platformProductCode];
    await app.database.db.insert(planSuppliers).values({
      platformProductCode: base.platformProductCode,
      supplier: "airalo",
      packageCode: sim.packageCode,
    });
    try {
      // An Airalo eSIM: the plan is issued by Airalo only.
      const who = await shopper(app);
      const code = await placeAndPay(app, who, { platformProductCode: base.platformProductCode });
      await settle(app);
      expect((await orderRow(app, code)).status).toBe("COMPLETED");
      const [esim] = await issuedTo(app, who);
      expect(esim!.supplier).toBe("airalo");
      const offers = await adapter.topUpOffers(esim!.iccid);
      expect(offers.length).toBeGreaterThan(0);

      // One plan mapped to a listed top-up; every other Japanese plan mapped to Airalo with a package Airalo does
      // not list for this profile (and of data and days none of its top-ups has), the eSIM's own plan included.
      const lists = (p: (typeof japan)[number]) =>
        offers.some((o) => o.dataMb === (p.unlimited ? null : p.dataMb) && o.validityDays === p.validityDays);
      const listed = japan.find((p) => p.platformProductCode !== base.platformProductCode)!;
      const unlisted = japan.filter((p) => p !== listed && !lists(p));
      expect(unlisted.length).toBeGreaterThan(0);
      await app.database.db.insert(planSuppliers).values({
        platformProductCode: listed.platformProductCode,
        supplier: "airalo",
        packageCode: offers[0]!.packageCode,
      });
      mapped.push(listed.platformProductCode);
      await app.database.db
        .update(planSuppliers)
        .set({ packageCode: "not-a-topup-of-this-sim" })
        .where(eq(planSuppliers.platformProductCode, base.platformProductCode));
      for (const p of unlisted.filter((p) => p.platformProductCode !== base.platformProductCode)) {
        await app.database.db
          .insert(planSuppliers)
          .values({
            platformProductCode: p.platformProductCode,
            supplier: "airalo",
            packageCode: "not-a-topup-of-this-sim",
          })
          .onConflictDoNothing();
        mapped.push(p.platformProductCode);
      }

      const picker: TopUpOptions = (await options(who, esim!.id)).json();
      const offered = picker.packages.map((p) => p.platformProductCode);
      expect(offered).toContain(listed.platformProductCode);
      for (const p of unlisted) expect(offered).not.toContain(p.platformProductCode);
      // The eSIM's own plan is not listed as a top-up, so nothing it cannot fulfil is preselected.
      expect(picker.preselected === null || offered.includes(picker.preselected)).toBe(true);
      if (!lists(base)) expect(picker.preselected).toBeNull();

      // The checkout refuses an unlisted one with a translated 400.
      const refused = await place(
        app,
        who,
        { platformProductCode: unlisted[0]!.platformProductCode, topUpIccid: esim!.iccid },
        { lang: "zh_HK" },
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ failed: true, code: "esim.topUp.planNotAllowed" });
      expect(refused.json().message).toBe("該計劃不能為此 eSIM 增值，請從為它提供的增值計劃中選擇。");

      // The listed one is ordered at Airalo with the offer's package code.
      const topUp = await placeAndPay(app, who, {
        platformProductCode: listed.platformProductCode,
        topUpIccid: esim!.iccid,
      });
      await settleLong();
      expect((await orderRow(app, topUp)).status).toBe("COMPLETED");
      const state = await airalo.control<{ orders: { type: string; packageId: string; sims: string[] }[] }>(
        "state",
      );
      expect(state.orders.filter((o) => o.type === "topup" && o.sims.includes(esim!.iccid))).toEqual([
        expect.objectContaining({ packageId: offers[0]!.packageCode }),
      ]);
    } finally {
      await app.database.db
        .delete(planSuppliers)
        .where(and(inArray(planSuppliers.platformProductCode, mapped), eq(planSuppliers.supplier, "airalo")));
    }
  });
});
