import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";

const app = setupTestApp();
const SITE = "O2_PLATFORM__101";

async function queryFile(body: unknown, lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: "/o2cms/v1/pub/pages/query-file",
    headers: { "x-lang": lang, "x-requested-with": "fetch" },
    payload: body as object,
  });
}

describe("POST /o2cms/v1/pub/pages/query-file and the page files", () => {
  it("answers the published HOME and LANDING files keyed by query type, per locale", async () => {
    const res = await queryFile(
      [
        { siteCode: SITE, queryType: "HOME" },
        { siteCode: SITE, queryType: "LANDING", pageCode: "summer-japan" },
      ],
      "zh_HK",
    );
    expect(res.statusCode).toBe(200);
    const files = res.json();
    expect(files.HOME.filePath).toMatch(
      /^\/pub-res\/pages\/O2_PLATFORM__101\/zh_HK\/home\.[A-Za-z0-9]{12}\.json$/,
    );
    expect(files.LANDING.pageCode).toBe("summer-japan");

    const file = await app.server.inject({ method: "GET", url: files.HOME.filePath });
    expect(file.statusCode).toBe(200);
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const document = file.json();
    expect(document.pageType).toBe("HOME");
    expect(document.lang).toBe("zh_HK");
    expect(document.variants.length).toBe(2);

    const again = await app.server.inject({
      method: "GET",
      url: files.HOME.filePath,
      headers: { "if-none-match": String(file.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("serves the landing page with its custom HTML sanitized", async () => {
    const files = (
      await queryFile([{ siteCode: SITE, queryType: "LANDING", pageCode: "summer-japan" }])
    ).json();
    const body = (await app.server.inject({ method: "GET", url: files.LANDING.filePath })).body;
    expect(body).toContain("Campaign terms");
    expect(body).not.toMatch(/onerror|onclick|<script|javascript:|<iframe/i);
  });

  it("leaves out pages that do not exist and refuses a stale version", async () => {
    const res = await queryFile([{ siteCode: SITE, queryType: "LANDING", pageCode: "no-such-page" }]);
    expect(res.json()).toEqual({});
    const stale = await app.server.inject({
      method: "GET",
      url: `/pub-res/pages/${SITE}/en_US/home.AAAAAAAAAAAA.json`,
    });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().failed).toBe(true);
  });

  it("refuses bad input with field errors", async () => {
    for (const body of [
      [],
      [{ siteCode: SITE, queryType: "BLOG" }],
      [{ siteCode: "bad code!", queryType: "HOME" }],
      {},
    ]) {
      const res = await queryFile(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ failed: true, code: "error.badRequest" });
    }
  });
});

/** The signed query of a preview link (issue 17): `&expires=…&sig=…`. */
function signed(id: number, type: "subPage" | "template" = "subPage") {
  const link = new URL(app.services.pageEditor.previewLink(id, type, SITE), "http://x");
  return `&expires=${link.searchParams.get("expires")}&sig=${link.searchParams.get("sig")}`;
}

describe("GET /o2cms/v1/pub/sites/preview", () => {
  it("needs x-preview and answers the draft of the page behind the id", async () => {
    const published = await app.services.content.publishedPage(SITE, "en_US", { pageCode: "summer-japan" });
    const draft = structuredClone(published!.document);
    draft.title = "Summer in Japan (draft)";
    draft.variants[0]!.components[0]!.data.title = "Draft hero";
    draft.variants[0]!.components.push({
      componentId: "draft-html",
      componentCode: "RichText",
      componentName: "x",
      positionCode: "10",
      style: {},
      data: { html: '<p onclick="alert(1)">draft</p><script>alert(1)</script>' },
      options: "{}",
    });
    const { id } = await app.services.content.saveDraft(SITE, draft);

    const refused = await app.server.inject({
      method: "GET",
      url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}&preSubPageViewId=${id}`,
    });
    expect(refused.statusCode).toBe(403);

    // Without the link's signature, or with another id's, the draft is not there (issue 17).
    for (const query of ["", signed(id + 1), signed(id, "template")]) {
      const unsigned = await app.server.inject({
        method: "GET",
        url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}&preSubPageViewId=${id}${query}`,
        headers: { "x-preview": "1" },
      });
      expect(unsigned.statusCode).toBe(404);
    }

    const res = await app.server.inject({
      method: "GET",
      url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}&preSubPageViewId=${id}${signed(id)}`,
      headers: { "x-preview": "1" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().title).toBe("Summer in Japan (draft)");
    expect(res.body).toContain("<p>draft</p>");
    expect(res.body).not.toMatch(/onclick|<script/);

    // The published file is unchanged by a draft.
    const files = (
      await queryFile([{ siteCode: SITE, queryType: "LANDING", pageCode: "summer-japan" }])
    ).json();
    const live = (await app.server.inject({ method: "GET", url: files.LANDING.filePath })).json();
    expect(live.title).toBe("Summer in Japan");
  });

  // Issue 14.11: operator media URLs may only be http(s) or relative; a script URL never reaches a page.
  it("keeps only http(s) and relative image and video URLs in operator content", async () => {
    const published = await app.services.content.publishedPage(SITE, "en_US", { pageCode: "summer-japan" });
    const draft = structuredClone(published!.document);
    draft.variants[0]!.components.push({
      componentId: "draft-video",
      componentCode: "Video",
      componentName: "x",
      positionCode: "11",
      style: {},
      data: {
        title: "Tour",
        posterUrl: "javascript:alert(1)",
        videoUrl: " JaVa\tScRiPt:alert(2)",
        items: [
          { imageUrl: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+", iconUrl: "vbscript:x" },
          { imageUrl: "https://cdn.roamly.example/a.webp", iconUrl: "/images/b.png" },
        ],
        tabs: [{ imageUrl: "&#106;avascript:alert(3)", feedsImgUrl: "ftp://files.example/x.png" }],
        cover: "images/c.png",
        url: "/plp",
      },
      options: "{}",
    });
    const { id } = await app.services.content.saveDraft(SITE, draft);
    const res = await app.server.inject({
      method: "GET",
      url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}&preSubPageViewId=${id}${signed(id)}`,
      headers: { "x-preview": "1" },
    });
    const video = res
      .json()
      .variants[0].components.find((c: { componentId: string }) => c.componentId === "draft-video");
    expect(video.data).toEqual({
      title: "Tour",
      posterUrl: "",
      videoUrl: "",
      items: [
        { imageUrl: "", iconUrl: "" },
        { imageUrl: "https://cdn.roamly.example/a.webp", iconUrl: "/images/b.png" },
      ],
      tabs: [{ imageUrl: "", feedsImgUrl: "" }],
      cover: "images/c.png",
      url: "/plp",
    });
    expect(res.body).not.toMatch(/script:|data:image/i);
  });

  it("answers 404 for an unknown id and 400 without one", async () => {
    const missing = await app.server.inject({
      method: "GET",
      url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}&preTemplateViewId=999999${signed(999999, "template")}`,
      headers: { "x-preview": "1" },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await app.server.inject({
      method: "GET",
      url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}&preSubPageViewId=abc`,
      headers: { "x-preview": "1" },
    });
    expect(bad.statusCode).toBe(400);
    const none = await app.server.inject({
      method: "GET",
      url: `/o2cms/v1/pub/sites/preview?siteCode=${SITE}`,
      headers: { "x-preview": "1" },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toHaveProperty("preSubPageViewId");
  });
});

describe("POST /o2cms/v1/pub/cms-note/note-codes", () => {
  it("answers notes keyed by note code in the request's language, unknown codes left out", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/cms-note/note-codes",
      headers: { "x-lang": "zh_CN", "x-requested-with": "fetch" },
      payload: { noteCodeList: ["NOTE-ESIM-101", "NOTE-NOPE"] },
    });
    expect(res.statusCode).toBe(200);
    const notes = res.json();
    expect(Object.keys(notes)).toEqual(["NOTE-ESIM-101"]);
    expect(Object.keys(notes["NOTE-ESIM-101"]).sort()).toEqual(
      ["mediaUrl", "noteContent", "noteInfoCode", "noteTitle", "topicNameList"].sort(),
    );
    expect(notes["NOTE-ESIM-101"].noteTitle).toMatch(/[\u4e00-\u9fff]/);
  });

  it("refuses an empty or malformed list", async () => {
    for (const payload of [{ noteCodeList: [] }, { noteCodeList: ["<x>"] }, {}]) {
      const res = await app.server.inject({
        method: "POST",
        url: "/o2cms/v1/pub/cms-note/note-codes",
        headers: { "x-requested-with": "fetch" },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe("GET /o2lsm/v1/pub/live-streaming/live-info-list", () => {
  it("answers a page of live rooms with the spec 3 fields", async () => {
    const res = await app.server.inject({
      method: "GET",
      url: "/o2lsm/v1/pub/live-streaming/live-info-list?page=0&size=3&siteTypeCode=B2C",
    });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.totalElements).toBe(3);
    expect(list.numberOfElements).toBe(3);
    expect(list.content.map((r: { roomStatusCode: string }) => r.roomStatusCode)).toEqual([
      "LIVING",
      "NOT_START",
      "ENDED",
    ]);
    expect(Object.keys(list.content[0]).sort()).toEqual(
      [
        "endTime",
        "feedsImgUrl",
        "onlineShopCode",
        "roomCode",
        "roomName",
        "roomStatusCode",
        "startTime",
      ].sort(),
    );
    const second = await app.server.inject({
      method: "GET",
      url: "/o2lsm/v1/pub/live-streaming/live-info-list?page=1&size=2&siteTypeCode=B2C",
    });
    expect(second.json().content.map((r: { roomCode: string }) => r.roomCode)).toEqual(["LIVE-KOREA-REPLAY"]);
  });

  it("needs a site type code and a sane page", async () => {
    for (const query of [
      "page=0&size=3",
      "page=-1&size=3&siteTypeCode=B2C",
      "page=0&size=500&siteTypeCode=B2C",
    ]) {
      const res = await app.server.inject({
        method: "GET",
        url: `/o2lsm/v1/pub/live-streaming/live-info-list?${query}`,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe("content service: resolveBlocks", () => {
  it("resolves the first tab only, recommend lists, live rooms and coupons of the home page", async () => {
    const page = await app.services.content.publishedPage(SITE, "en_US", { pageType: "HOME" });
    const blocks = await app.services.content.resolveBlocks(page!.document, {
      currency: "USD",
      locale: "en_US",
      siteTypeCode: "B2C",
      coupons: (codes, kind, locale) => app.services.coupon.byCodes(codes, kind, locale),
    });
    const wide = page!.document.variants[1]!;
    const tabs = wide.components.find((c) => c.componentCode === "Tabs")!;
    const [first, second, third] = tabs.childrenData!;
    expect(blocks[first!.componentId]).toMatchObject({ kind: "products" });
    expect(blocks[second!.componentId]).toBeUndefined();
    expect(blocks[third!.componentId]).toBeUndefined();
    const recommend = wide.components.find((c) => c.componentCode === "Recommend")!;
    const hot = blocks[recommend.componentId];
    // Priced in the asked currency: the block's first plan costs what the USD list says, not the HKD one.
    const list = (currency: string) =>
      app.services.recommend.recommend(
        { recommendCode: String(recommend.data.recommendCode), size: 1 },
        currency,
        "en_US",
      );
    const [usd, hkd] = await Promise.all([list("USD"), list("HKD")]);
    expect(usd.data[0]!.unitPrice).not.toBe(hkd.data[0]!.unitPrice);
    expect(hot?.kind === "products" && hot.products[0]?.unitPrice).toBe(usd.data[0]!.unitPrice);
    const live = wide.components.find((c) => c.componentCode === "LiveList")!;
    expect(blocks[live.componentId]).toMatchObject({ kind: "live" });
    const coupons = wide.components.find((c) => c.componentCode === "ReceiveCoupon")!;
    // The block's coupons come from spec 7's look-ups, in the order the operator listed them, each as its kind.
    const offered = blocks[coupons.componentId];
    expect(offered?.kind === "coupons" && offered.coupons.map((c) => `${c.code}:${c.marketingType}`)).toEqual(
      ["WELCOME10:COUPON", "SAVE20HKD:COUPON", "TRAVEL5:PROMO_CODE"],
    );
  });
});
