import { describe, expect, it } from "vitest";
import { currencies } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { ApiError } from "../../http/errors.ts";

const app = setupTestApp();

describe("catalog service reads", () => {
  it("gets a plan by platformProductCode, priced in the currency in integer minor units, with coverage", async () => {
    const plan = await app.services.catalog.getPlan("JP-3GB-30D", "USD", "en_US");
    expect(plan).toMatchObject({
      platformProductCode: "JP-3GB-30D",
      destinationCode: "JP",
      destinationType: "COUNTRY",
      title: "Japan 3GB 30 Days",
      dataMb: 3072,
      unlimited: false,
      validityDays: 30,
      currencyCode: "USD",
    });
    expect(Number.isInteger(plan.unitPrice)).toBe(true);
    expect(plan.unitPrice).toBeGreaterThanOrEqual(1000);
    expect(plan.unitPrice).toBeLessThanOrEqual(1200);
    expect(plan.labels.map((l) => l.labelCode)).toContain("BEST_SELLER");
    expect(plan.coverage).toEqual([
      {
        countryCode: "JP",
        countryName: "Japan",
        operators: ["NTT Docomo", "SoftBank", "KDDI (au)"],
        network: "4G",
      },
    ]);
  });

  it("prices JPY without decimals and localizes titles and label names", async () => {
    const plan = await app.services.catalog.getPlan("JP-1GB-7D", "JPY", "zh_HK");
    expect(plan.title).toBe("日本 1GB 7日");
    expect(plan.unitPrice % 10).toBe(0);
    expect(plan.unitPrice).toBeGreaterThan(400);
    expect(plan.unitPrice).toBeLessThan(1000);
    const unlimited = await app.services.catalog.getPlan("JP-UL-5D", "HKD", "zh_CN");
    expect(unlimited.title).toBe("日本 无限流量 5天");
    expect(unlimited.labels.find((l) => l.labelCode === "UNLIMITED")?.labelName).toBe("无限流量");
    expect(unlimited.dailyHighSpeedMb).toBeGreaterThan(0);
  });

  it("lists a region plan's coverage over every covered country", async () => {
    const plan = await app.services.catalog.getPlan("EU-5GB-30D", "EUR", "en_US");
    expect(plan.coverage.length).toBeGreaterThan(30);
    expect(plan.coverage.find((c) => c.countryCode === "FR")?.operators).toContain("Orange");
    expect(plan.unitPrice % 50).toBe(49);
  });

  it("refuses an unknown plan with 404 and an unsupported currency with 400", async () => {
    await expect(app.services.catalog.getPlan("XX-1GB-7D", "HKD", "en_US")).rejects.toMatchObject({
      status: 404,
      code: "catalog.planNotFound",
    });
    const error = await app.services.catalog.getPlan("JP-1GB-7D", "GBP", "en_US").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "catalog.currencyUnsupported" });
  });

  it("converts from the HKD price for an enabled currency that has no price points of its own", async () => {
    await app.database.db
      .insert(currencies)
      .values({ code: "SGD", symbol: "S$", minorDigits: 2, rateFromBase: "0.17", sortOrder: 9 });
    const [hkd, sgd] = await Promise.all([
      app.services.catalog.getPlan("KR-3GB-30D", "HKD", "en_US"),
      app.services.catalog.getPlan("KR-3GB-30D", "SGD", "en_US"),
    ]);
    expect(sgd.currencyCode).toBe("SGD");
    expect(sgd.unitPrice).toBe(Math.round(hkd.unitPrice * 0.17));
  });

  it("lists a destination's plans on the shelf in order, with a struck-through price only above the price", async () => {
    const list = await app.services.catalog.listPlansForDestination("JP", "HKD", "en_US");
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(8);
    expect(list[0]!.platformProductCode).toBe("JP-1GB-7D");
    for (const plan of list) {
      expect(plan.currencyCode).toBe("HKD");
      if (plan.displayPrice !== null) expect(plan.displayPrice).toBeGreaterThan(plan.unitPrice);
    }
    await expect(app.services.catalog.listPlansForDestination("ZZ", "HKD", "en_US")).rejects.toMatchObject({
      status: 404,
    });
  });

  it("gives the destination picker each destination's lowest plan price in the shopper's currency (issue 12)", async () => {
    const picker = await app.services.catalog.destinationPicker("COUNTRY", "HKD", "en_US");
    expect(picker.length).toBeGreaterThanOrEqual(150);
    expect(picker[0]).toMatchObject({
      code: "JP",
      name: "Japan",
      currencyCode: "HKD",
      thumbnailUrl: "/media/thumb/JP.svg",
    });
    const japanPlans = await app.services.catalog.listPlansForDestination("JP", "HKD", "en_US");
    expect(picker[0]!.fromPrice).toBe(Math.min(...japanPlans.map((plan) => plan.unitPrice)));
    // In another currency the same lowest plan, priced as the plan list prices it.
    const usd = await app.services.catalog.destinationPicker("COUNTRY", "USD", "zh_HK");
    const japanUsd = await app.services.catalog.listPlansForDestination("JP", "USD", "zh_HK");
    expect(usd.find((d) => d.code === "JP")).toMatchObject({
      name: "日本",
      currencyCode: "USD",
      fromPrice: Math.min(...japanUsd.map((plan) => plan.unitPrice)),
    });
    const regions = await app.services.catalog.destinationPicker("REGION", "HKD", "en_US");
    expect(regions.map((r) => r.code).sort()).toEqual(["ASIA", "EU", "LATAM", "MEA", "NAM", "OCEANIA"]);
  });

  it("lists destinations by type, most popular first", async () => {
    const countries = await app.services.catalog.listDestinations("COUNTRY", "zh_CN");
    expect(countries.length).toBeGreaterThanOrEqual(150);
    expect(countries[0]).toMatchObject({ code: "JP", name: "日本", type: "COUNTRY" });
    const regions = await app.services.catalog.listDestinations("REGION", "en_US");
    expect(regions.map((r) => r.name).sort()).toEqual(
      ["Asia", "Europe", "Latin America", "Middle East & Africa", "North America", "Oceania"].sort(),
    );
    const global = await app.services.catalog.listDestinations("GLOBAL", "zh_HK");
    expect(global).toEqual([expect.objectContaining({ code: "GLOBAL", name: "全球" })]);
  });
});
