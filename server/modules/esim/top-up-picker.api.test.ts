import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { EsimDetail } from "../../../core/esim.ts";
import { esims, planSuppliers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
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

const app = setupTestApp();

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
