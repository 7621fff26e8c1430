import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();

describe("GET /o2cms/v1/pub/sites/info", () => {
  it("returns the site with its languages, currencies and per-language policy URLs", async () => {
    const res = await app.server.inject({ method: "GET", url: "/o2cms/v1/pub/sites/info" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.siteCode).toBe("O2_PLATFORM__101");
    expect(body.defCurrencyCode).toBe("HKD");
    expect(body.supportLangList.map((l: { lang: string }) => l.lang)).toEqual(["en_US", "zh_CN", "zh_HK"]);
    expect(body.supportCurrencyList.map((c: { currencyCode: string }) => c.currencyCode)).toContain("USD");
    expect(body.privacyPolicyCn).toContain("/zh_CN/");
    expect(body.tacConditionHk).toContain("/zh_HK/");
  });

  it("rejects a malformed site code with a 400 and field errors in the request's language", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/sites/info?siteCode=bad%20code!",
      headers: { "x-lang": "zh_CN" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true, code: "error.badRequest", message: "提交的信息有误" });
    expect(res.json().fields.siteCode).toBeTruthy();
  });

  it("answers 404 for an unknown site", async () => {
    const res = await app.server.inject({ method: "GET", url: "/o2cms/v1/pub/sites/info?siteCode=NOPE" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ failed: true, code: "error.notFound" });
  });
});
