import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { registerByEmail } from "../account/account-test-kit.ts";

const app = setupTestApp();

function legal(kind: string, lang = "en_US", query = "") {
  return app.server.inject({
    method: "GET",
    url: `/o2cms/v1/pub/legal-documents/${kind}${query}`,
    headers: { "x-lang": lang },
  });
}

describe("legal documents (spec 2 /pageHtml)", () => {
  it("serves the terms, privacy and refund policy in each locale with a version and effective date", async () => {
    for (const [lang, title] of [
      ["en_US", "Terms of service"],
      ["zh_CN", "服务条款"],
      ["zh_HK", "服務條款"],
    ] as const) {
      const res = await legal("tacCondition", lang);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ kind: "tacCondition", lang, version: 1, title });
      expect(res.json().effectiveAt).toBe("2025-06-01T00:00:00.000Z");
    }
    expect((await legal("privacyPolicy", "zh_HK")).json().title).toBe("私隱政策");
    expect((await legal("refundPolicy")).json().body).toContain("refunded automatically");
  });

  it("refuses an unknown kind or a bad version with a 400, and an unknown version with a 404", async () => {
    expect((await legal("cookiePolicy")).statusCode).toBe(400);
    expect((await legal("tacCondition", "en_US", "?version=abc")).statusCode).toBe(400);
    const missing = await legal("tacCondition", "zh_CN", "?version=7");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      failed: true,
      code: "pages.documentNotFound",
      message: "该页面暂不可用。",
    });
  });

  it("shows a new version only once it is published and in force, keeping the old one readable", async () => {
    const pages = app.services.pages;
    const draft = await pages.draftLegalDocument("privacyPolicy", "en_US", {
      title: "Privacy policy",
      body: '<h2>Changes</h2><p>Now with <a href="javascript:alert(1)">more</a> detail.</p><script>x()</script>',
      effectiveAt: new Date("2025-09-01T00:00:00Z"),
    });
    expect(draft.version).toBe(2);
    expect((await legal("privacyPolicy")).json().version).toBe(1);

    await pages.publishLegalDocument("privacyPolicy", "en_US", 2);
    const current = (await legal("privacyPolicy")).json();
    expect(current.version).toBe(2);
    expect(current.body).toContain("Now with");
    expect(current.body).not.toContain("script");
    expect(current.body).not.toContain("javascript:");
    expect(current.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect((await legal("privacyPolicy", "en_US", "?version=1")).json().body).toContain("What we collect");
    await expect(pages.publishLegalDocument("privacyPolicy", "en_US", 2)).rejects.toMatchObject({
      status: 409,
    });

    // A version published with a future effective date is not in force yet.
    const future = await pages.draftLegalDocument("privacyPolicy", "en_US", {
      title: "Privacy policy",
      body: "<p>Future</p>",
      effectiveAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    });
    await pages.publishLegalDocument("privacyPolicy", "en_US", future.version);
    expect((await legal("privacyPolicy")).json().version).toBe(2);
    expect((await legal("privacyPolicy", "en_US", `?version=${future.version}`)).statusCode).toBe(404);
  });

  it("records on a new account the terms version in force when it registered", async () => {
    await registerByEmail(app, "terms-reader@example.com");
    const [row] = await app.database.db
      .select({ version: customers.acceptedTermsVersion })
      .from(customers)
      .where(eq(customers.email, "terms-reader@example.com"));
    expect(row?.version).toBe(1);
  });
});

describe("about-us/{lang}.json (spec 7)", () => {
  it("serves the about-us page per locale as a cacheable public file", async () => {
    const res = await app.server.inject({ method: "GET", url: "/pub-res/about-us/zh_HK.json" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("public");
    expect(res.json()).toMatchObject({ pageKey: "about-us", lang: "zh_HK", title: "關於 Roamly" });
    const again = await app.server.inject({
      method: "GET",
      url: "/pub-res/about-us/zh_HK.json",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers 404 for a locale the store does not have", async () => {
    expect((await app.server.inject({ method: "GET", url: "/pub-res/about-us/fr_FR.json" })).statusCode).toBe(
      404,
    );
  });

  it("shows an operator's edit at once", async () => {
    await app.services.pages.saveInfoPage("about-us", "en_US", {
      title: "About Roamly",
      summary: "Edited summary",
      body: "<p>Edited</p>",
    });
    const res = await app.server.inject({ method: "GET", url: "/pub-res/about-us/en_US.json" });
    expect(res.json()).toMatchObject({ summary: "Edited summary", body: "<p>Edited</p>" });
  });
});

describe("footer content (spec 3)", () => {
  it("serves the contact ways per locale, and an operator's edit", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/footer",
      headers: { "x-lang": "zh_CN" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      contactWaysTitle: "联系我们",
      contactWays: [{ key: "邮箱", value: "support@roamly.example" }, { key: "电话" }, { key: "客户服务" }],
    });
    await app.services.pages.saveFooter("zh_CN", {
      contactWaysTitle: "联系方式",
      contactWays: [{ key: "微信", value: "roamly_hk" }],
      contentList: [],
    });
    const edited = await app.server.inject({
      method: "GET",
      url: "/o2cms/v1/pub/footer",
      headers: { "x-lang": "zh_CN" },
    });
    expect(edited.json()).toEqual({
      contactWaysTitle: "联系方式",
      contactWays: [{ key: "微信", value: "roamly_hk" }],
      contentList: [],
    });
  });
});
