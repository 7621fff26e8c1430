import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();

describe("GET /pub-res/lov/{lang}.json (site info pubLovResourceUrl)", () => {
  it("is the URL site info announces, with area codes, currencies, languages and catalogue types", async () => {
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/sites/info",
      headers: { "x-lang": "zh_HK" },
    });
    const url = info.json().pubLovResourceUrl;
    expect(url).toBe("/pub-res/lov/zh_HK.json");
    const res = await app.server.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("application/json");
    const lov = res.json();
    expect(lov.lang).toBe("zh_HK");
    expect(lov.areaCodeList).toContainEqual({ areaCode: "+852", countryCode: "HK", countryName: "香港" });
    expect(lov.areaCodeList).toContainEqual({ areaCode: "+81", countryCode: "JP", countryName: "日本" });
    expect(lov.currencyList.map((c: { currencyCode: string }) => c.currencyCode)).toEqual([
      "HKD",
      "USD",
      "CNY",
      "EUR",
      "JPY",
    ]);
    expect(lov.currencyList.find((c: { currencyCode: string }) => c.currencyCode === "JPY").minorDigits).toBe(
      0,
    );
    expect(lov.languageList.map((l: { lang: string }) => l.lang)).toEqual(["en_US", "zh_CN", "zh_HK"]);
    expect(lov.destinationTypeList).toEqual([
      { value: "COUNTRY", meaning: "國家/地區" },
      { value: "REGION", meaning: "區域" },
      { value: "GLOBAL", meaning: "全球" },
    ]);
    expect(lov.networkTypeList.map((n: { value: string }) => n.value)).toEqual(["4G", "5G"]);
    expect(
      lov.planLabelList.find((l: { labelCode: string }) => l.labelCode === "BEST_SELLER").labelName,
    ).toBe("熱賣");
  });

  it("sorts the area-code picker by the localized country name", async () => {
    const res = await app.server.inject({ method: "GET", url: "/pub-res/lov/en_US.json" });
    const names: string[] = res.json().areaCodeList.map((a: { countryName: string }) => a.countryName);
    expect(names.length).toBeGreaterThan(200);
    const collator = new Intl.Collator("en");
    expect([...names].sort(collator.compare)).toEqual(names);
    expect(names[0]).toBe("Afghanistan");
    expect(
      res.json().areaCodeList.find((a: { countryCode: string }) => a.countryCode === "US").areaCode,
    ).toBe("+1");
  });

  it("is cacheable by a CDN and answers 304 for a current ETag", async () => {
    const first = await app.server.inject({ method: "GET", url: "/pub-res/lov/zh_CN.json" });
    expect(first.headers["cache-control"]).toMatch(/public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.server.inject({
      method: "GET",
      url: "/pub-res/lov/zh_CN.json",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    const other = await app.server.inject({
      method: "GET",
      url: "/pub-res/lov/en_US.json",
      headers: { "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it("answers a JSON 404 for an unknown language or file name", async () => {
    for (const file of ["fr_FR.json", "zh_CN.txt", "zh_CN", "..%2Fsecret.json"]) {
      const res = await app.server.inject({
        method: "GET",
        url: `/pub-res/lov/${file}`,
        headers: { "x-lang": "zh_CN" },
      });
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toMatchObject({ failed: true, code: "error.notFound", message: "未找到" });
    }
  });
});
