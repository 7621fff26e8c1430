import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { plans } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();

interface Item {
  platformProductCode: string;
  score: number;
  currencyCode: string;
  unitPrice: number;
  displayPrice: number | null;
  title: string;
  entityName: string;
}

async function recommend(query: string, headers: Record<string, string> = {}) {
  return app.server.inject({ method: "GET", url: `/o2pcm/v1/pub/product/recommend?${query}`, headers });
}

describe("GET /o2pcm/v1/pub/product/recommend", () => {
  it("answers score mode and pages with maxScore (items below it), until count is reached", async () => {
    const first = await recommend("recommendCode=HOME_HOT&size=10");
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { data: Item[]; count: number };
    expect(page1.count).toBe(15);
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0]!.platformProductCode).toBe("JP-3GB-30D");
    const scores = page1.data.map((item) => item.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);

    const last = scores.at(-1)!;
    const page2 = (await recommend(`recommendCode=HOME_HOT&size=10&maxScore=${last}`)).json() as {
      data: Item[];
      count: number;
    };
    expect(page2.data).toHaveLength(5);
    expect(page2.data.every((item) => item.score < last)).toBe(true);
    const codes = [...page1.data, ...page2.data].map((item) => item.platformProductCode);
    expect(new Set(codes).size).toBe(15);
  });

  it("prices in x-currency and names in x-lang", async () => {
    const usd = (
      await recommend("recommendCode=HOME_HOT&size=1", { "x-currency": "USD", "x-lang": "zh_CN" })
    ).json();
    const hkd = (await recommend("recommendCode=HOME_HOT&size=1")).json();
    expect(usd.data[0].currencyCode).toBe("USD");
    expect(hkd.data[0].currencyCode).toBe("HKD");
    expect(usd.data[0].unitPrice).not.toBe(hkd.data[0].unitPrice);
    expect(usd.data[0].entityName).toBe("日本");
  });

  it("pages derived lists: a destination type and a category", async () => {
    const countries = (await recommend("recommendCode=DESTINATION_TYPE:COUNTRY&size=10")).json();
    expect(countries.data).toHaveLength(10);
    expect(countries.count).toBeGreaterThan(100);
    const next = (
      await recommend(`recommendCode=DESTINATION_TYPE:COUNTRY&size=10&maxScore=${countries.data[9].score}`)
    ).json();
    const seen = new Set(countries.data.map((i: Item) => i.entityName));
    expect(next.data.some((i: Item) => seen.has(i.entityName))).toBe(false);
    const category = (await recommend("recommendCode=CATEGORY:EAST_ASIA&size=10")).json();
    expect(category.data.length).toBeGreaterThan(0);
  });

  it("answers 404 for an unknown list and 400 for bad input", async () => {
    expect((await recommend("recommendCode=NOPE&size=10")).statusCode).toBe(404);
    for (const query of [
      "size=10",
      "recommendCode=HOME_HOT&size=0",
      "recommendCode=HOME_HOT&size=x",
      "recommendCode=<x>",
    ]) {
      const res = await recommend(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().failed).toBe(true);
    }
    expect((await recommend("recommendCode=HOME_HOT", { "x-currency": "XYZ" })).statusCode).toBe(400);
  });
});

describe("POST /o2srh/v1/pub/platform-products/medias", () => {
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.server.inject({
      method: "POST",
      url: "/o2srh/v1/pub/platform-products/medias",
      headers: { "x-requested-with": "fetch", ...headers },
      payload: payload as object,
    });

  it("answers the spec 3 Product fields keyed by catalog version code", async () => {
    const site = await app.services.site.siteInfo("O2_PLATFORM__101", "en_US");
    const res = await post(
      { platformProductCodeList: ["KR-3GB-30D", "JP-3GB-30D", "NOPE-1"], blackFlag: 0 },
      { "x-currency": "USD" },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const products = body[site.catalogVersionCode];
    expect(products.map((p: Item) => p.platformProductCode)).toEqual(["KR-3GB-30D", "JP-3GB-30D"]);
    expect(Object.keys(products[0]).sort()).toEqual(
      [
        "currencyCode",
        "displayPrice",
        "entityName",
        "imageUrl",
        "labelList",
        "labelRelProductMap",
        "labelTypes",
        "lowedPrice",
        "mediaUrl",
        "platformProductCode",
        "title",
        "unitPrice",
      ].sort(),
    );
    expect(products[0].currencyCode).toBe("USD");
  });

  it("accepts the array form; another catalogue version answers an empty list", async () => {
    const site = await app.services.site.siteInfo("O2_PLATFORM__101", "en_US");
    const res = await post([
      {
        platformProductCodeList: ["JP-3GB-30D"],
        blackFlag: 0,
        catalogCode: site.catalogCode,
        catalogVersionCode: site.catalogVersionCode,
      },
      {
        platformProductCodeList: ["JP-3GB-30D"],
        blackFlag: 0,
        catalogCode: "OTHER",
        catalogVersionCode: "OLD",
      },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()[site.catalogVersionCode]).toHaveLength(1);
    expect(res.json().OLD).toEqual([]);
  });

  it("drops a plan taken off the shelf once its cached price expires, keeping the others in order", async () => {
    const site = await app.services.site.siteInfo("O2_PLATFORM__101", "en_US");
    const codes = { platformProductCodeList: ["TH-3GB-30D", "KR-3GB-30D", "JP-3GB-30D"], blackFlag: 0 };
    const before = (await post(codes, { "x-currency": "HKD" })).json()[site.catalogVersionCode] as Item[];
    expect(before.map((p) => p.platformProductCode)).toEqual(["TH-3GB-30D", "KR-3GB-30D", "JP-3GB-30D"]);
    await app.database.db
      .update(plans)
      .set({ status: "OFF_SHELF" })
      .where(eq(plans.platformProductCode, "KR-3GB-30D"));
    vi.useFakeTimers({ now: Date.now() + 60_000, toFake: ["Date"] });
    // The shared cache's in-process clock reads Date.now() at most once a second (async-cache-dedupe keeps the
    // second for 1 s of real time, ADR 0176): let that second pass so it sees the moved clock.
    await new Promise((resolve) => globalThis.setTimeout(resolve, 1_100));
    try {
      const after = (await post(codes, { "x-currency": "HKD" })).json()[site.catalogVersionCode] as Item[];
      expect(after.map((p) => p.platformProductCode)).toEqual(["TH-3GB-30D", "JP-3GB-30D"]);
      expect(after[0]!.currencyCode).toBe("HKD");
    } finally {
      vi.useRealTimers();
      await app.database.db
        .update(plans)
        .set({ status: "ON_SHELF" })
        .where(eq(plans.platformProductCode, "KR-3GB-30D"));
    }
  });

  it("refuses bad input", async () => {
    for (const payload of [
      {},
      { platformProductCodeList: [] },
      { platformProductCodeList: ["JP"], blackFlag: 1 },
      [],
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
    }
  });
});
