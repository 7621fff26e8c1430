import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();

interface Continent {
  continentId: number;
  continentName: string;
  continentImgUrl: string;
  continentThumbnailUrl: string;
  showFlag: number;
  cmiCountryList: { countryId: string; countryName: string; countryThumbnailUrl: string }[];
}

async function continents(lang?: string): Promise<Continent[]> {
  const res = await app.server.inject({
    method: "GET",
    url: "/o2md/v1/cmi-country-continent/pub/list",
    headers: lang ? { "x-lang": lang } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("GET /o2md/v1/cmi-country-continent/pub/list", () => {
  it("answers the spec 3 Continent shape: six continents of countries, then area tabs with showFlag 1", async () => {
    const list = await continents();
    expect(list.map((c) => c.continentName)).toEqual([
      "Asia",
      "Europe",
      "North America",
      "South America",
      "Africa",
      "Oceania",
      "Regional plans",
      "Global",
    ]);
    for (const continent of list) {
      expect(Object.keys(continent).sort()).toEqual(
        [
          "cmiCountryList",
          "continentId",
          "continentImgUrl",
          "continentName",
          "continentThumbnailUrl",
          "showFlag",
        ].sort(),
      );
      expect(continent.cmiCountryList.length).toBeGreaterThan(0);
      for (const country of continent.cmiCountryList) {
        expect(Object.keys(country).sort()).toEqual(["countryId", "countryName", "countryThumbnailUrl"]);
      }
    }
    expect(list.slice(0, 6).every((c) => c.showFlag === 0)).toBe(true);
    expect(list.slice(6).every((c) => c.showFlag === 1)).toBe(true);
    const asia = list[0]!;
    // Most popular first: Japan leads Asia.
    expect(asia.cmiCountryList[0]).toEqual({
      countryId: "JP",
      countryName: "Japan",
      countryThumbnailUrl: "/media/thumb/JP.svg",
    });
    expect(list[6]!.cmiCountryList.map((c) => c.countryId).sort()).toEqual([
      "ASIA",
      "EU",
      "LATAM",
      "MEA",
      "NAM",
      "OCEANIA",
    ]);
    expect(list[7]!.cmiCountryList.map((c) => c.countryId)).toEqual(["GLOBAL"]);
  });

  it("localizes names by x-lang (Simplified for zh_CN, Traditional for zh_HK)", async () => {
    const [cn, hk] = await Promise.all([continents("zh_CN"), continents("zh_HK")]);
    expect(cn[1]!.continentName).toBe("欧洲");
    expect(hk[1]!.continentName).toBe("歐洲");
    const korea = (list: Continent[]) =>
      list[0]!.cmiCountryList.find((c) => c.countryId === "KR")!.countryName;
    expect(korea(cn)).toBe("韩国");
    expect(korea(hk)).toBe("南韓");
    expect(hk[0]!.cmiCountryList.find((c) => c.countryId === "HK")!.countryName).toBe("香港");
  });

  it("falls back to English for an unknown x-lang", async () => {
    const list = await continents("fr_FR");
    expect(list[0]!.continentName).toBe("Asia");
  });
});

describe("GET /media/{kind}/{name}.svg", () => {
  it("serves generated, long-cached SVG art for the seeded image URLs: a country thumbnail is its flag", async () => {
    const list = await continents();
    const url = list[0]!.cmiCountryList[0]!.countryThumbnailUrl;
    const res = await app.server.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.headers["cache-control"]).toContain("max-age=31536000");
    expect(res.body).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(res.body).toContain('<circle fill="#D80027"');
    expect(res.body).not.toContain("<text");
    const again = await app.server.inject({ method: "GET", url });
    expect(again.body).toBe(res.body);
  });

  it("answers 404 JSON for an unknown kind or a malformed name", async () => {
    for (const url of [
      "/media/nope/JP.svg",
      "/media/dest/JP.png",
      "/media/dest/..%2Fsecret.svg",
      "/media/dest/%3Cscript%3E.svg",
    ]) {
      const res = await app.server.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ failed: true, code: "error.notFound" });
    }
  });
});

describe("GET /media/video/{name}.webm", () => {
  it("serves the seeded video blocks' clip as WebM, and 404 for other names", async () => {
    const res = await app.server.inject({ method: "GET", url: "/media/video/how-esim-works.webm" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("video/webm");
    // EBML magic number: a real WebM container
    expect(res.rawPayload.subarray(0, 4).toString("hex")).toBe("1a45dfa3");
    const bad = await app.server.inject({ method: "GET", url: "/media/video/clip.mp4" });
    expect(bad.statusCode).toBe(404);
  });
});
