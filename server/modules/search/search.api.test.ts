import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();

interface Association {
  name: string;
  type: "country" | "region" | "global";
  imageUrl: string;
  superCountrys: string[];
  code: string;
}

async function associations(keyword: string, lang = "en_US"): Promise<Association[]> {
  const res = await app.server.inject({
    method: "GET",
    url: "/o2srh/v1/pub/cmi-package/search-result",
    query: { keyword },
    headers: { "x-lang": lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json().associationList;
}

describe("GET /o2srh/v1/pub/cmi-package/search-result", () => {
  it.each([
    ["japn", "a typo"],
    ["jp", "the country code"],
    ["JP", "the code in capitals"],
    ["日本", "the Chinese name"],
    ["日本國", "the old Chinese name"],
    ["jap", "a prefix"],
    ["Nihon", "a romanisation"],
    ["  japan  ", "surrounding spaces"],
  ])("finds Japan first for '%s' (%s)", async (keyword) => {
    const list = await associations(keyword);
    expect(list[0]).toMatchObject({ name: "Japan", type: "country", code: "JP", superCountrys: [] });
    expect(list[0]!.imageUrl).toMatch(/^\/media\/thumb\/JP\.svg$/);
  });

  it("answers in the x-lang language, with Traditional Chinese names for zh_HK", async () => {
    expect((await associations("日本", "zh_CN"))[0]!.name).toBe("日本");
    const korea = await associations("南韓", "zh_HK");
    expect(korea[0]).toMatchObject({ code: "KR", name: "南韓" });
    expect((await associations("korea", "zh_HK"))[0]!.name).toBe("南韓");
  });

  it("finds a region through the countries it covers: 'france' and 'paris' list Europe", async () => {
    for (const keyword of ["france", "paris", "巴黎"]) {
      const list = await associations(keyword);
      expect(list[0]!.code, keyword).toBe("FR");
      const europe = list.find((entry) => entry.code === "EU");
      expect(europe, keyword).toMatchObject({ type: "region", name: "Europe", superCountrys: ["France"] });
      // The country itself ranks above the bundles that cover it.
      expect(list.indexOf(europe!)).toBeGreaterThan(0);
    }
  });

  it("lists regional and global plans for a country name, after the country", async () => {
    const list = await associations("japan");
    const codes = list.map((entry) => entry.code);
    expect(codes[0]).toBe("JP");
    expect(codes).toContain("ASIA");
    expect(codes).toContain("GLOBAL");
    expect(list.find((entry) => entry.code === "GLOBAL")!.type).toBe("global");
  });

  it("finds regions by their own names and aliases", async () => {
    expect((await associations("europe"))[0]).toMatchObject({
      code: "EU",
      type: "region",
      superCountrys: [],
    });
    expect((await associations("欧洲", "zh_CN"))[0]).toMatchObject({ code: "EU", name: "欧洲" });
    expect((await associations("worldwide"))[0]).toMatchObject({ code: "GLOBAL", type: "global" });
  });

  it("finds a word from inside a longer name", async () => {
    expect((await associations("zealand"))[0]?.code).toBe("NZ");
    expect((await associations("states"))[0]?.code).toBe("US");
    expect((await associations("lumpur"))[0]?.code).toBe("MY");
  });

  it("answers an empty list for text that names nothing", async () => {
    expect(await associations("qqqqzzzz")).toEqual([]);
    expect(await associations("%%%")).toEqual([]);
  });

  it("refuses a missing, blank or over-long keyword with a 400 naming the field", async () => {
    for (const query of [{}, { keyword: "   " }, { keyword: "x".repeat(65) }] as Record<string, string>[]) {
      const res = await app.server.inject({
        method: "GET",
        url: "/o2srh/v1/pub/cmi-package/search-result",
        query,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ failed: true, code: "error.badRequest" });
      expect(Object.keys(res.json().fields)).toEqual(["keyword"]);
    }
  });

  it("treats LIKE wildcards as text", async () => {
    const list = await associations("j%");
    expect(list.every((entry) => entry.code !== "ZA" || entry.name.toLowerCase().startsWith("j"))).toBe(true);
    expect((await associations("japan_"))[0]?.code).toBe("JP");
    expect((await associations("ja%an"))[0]?.code).toBe("JP");
  });
});

describe("GET /o2srh/v1/pub/hot-word", () => {
  it("answers at most 10 hot words in the x-lang language", async () => {
    for (const [lang, first] of [
      ["en_US", "Japan"],
      ["zh_CN", "日本"],
      ["zh_HK", "日本"],
    ] as const) {
      const res = await app.server.inject({
        method: "GET",
        url: "/o2srh/v1/pub/hot-word",
        headers: { "x-lang": lang },
      });
      expect(res.statusCode).toBe(200);
      const { hotWordList } = res.json() as { hotWordList: string[] };
      expect(hotWordList.length).toBeGreaterThan(0);
      expect(hotWordList.length).toBeLessThanOrEqual(10);
      expect(hotWordList[0]).toBe(first);
    }
    const hk = await app.server.inject({
      method: "GET",
      url: "/o2srh/v1/pub/hot-word",
      headers: { "x-lang": "zh_HK" },
    });
    expect(hk.json().hotWordList).toContain("南韓");
  });

  it("falls back to English for an unknown x-lang", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2srh/v1/pub/hot-word",
      headers: { "x-lang": "fr_FR" },
    });
    expect(res.json().hotWordList[0]).toBe("Japan");
  });
});

describe("GET /o2srh/v1/pub/specific-word-list", () => {
  it("answers specificWord and deeplink pairs per language", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2srh/v1/pub/specific-word-list",
      headers: { "x-lang": "zh_CN" },
    });
    expect(res.statusCode).toBe(200);
    const { specificWordList } = res.json() as {
      specificWordList: { specificWord: string; deeplink: string }[];
    };
    expect(specificWordList).toContainEqual({ specificWord: "日本", deeplink: "/pdp/JP-3GB-30D" });
    for (const entry of specificWordList)
      expect(Object.keys(entry).sort()).toEqual(["deeplink", "specificWord"]);
  });
});
