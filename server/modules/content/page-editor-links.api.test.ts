import { beforeAll, describe, expect, it } from "vitest";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";

// Issue 31 item 2: every tappable block's link is a store page or an https address, never a script URL.
const app = setupTestApp();
const SITE = "O2_PLATFORM__101";
let headers: Record<string, string>;

beforeAll(async () => {
  headers = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

async function call(method: "GET" | "POST" | "PUT", url: string, payload?: object, lang = "en_US") {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...headers, "x-lang": lang },
    ...(payload ? { payload } : {}),
  });
}

function block(code: string, data: Record<string, unknown>, action?: PageComponent["action"]): PageComponent {
  return {
    componentId: `${code.toLowerCase()}-1`,
    componentCode: code,
    componentName: `Spring ${code}`,
    positionCode: "10",
    style: {},
    data,
    ...(action ? { action } : {}),
    options: "{}",
  };
}

const url = (value: string) => ({ code: "URL" as const, data: { url: value } });

describe("links on blocks (issue 31 item 2)", () => {
  let page: { id: number; revision: number; document: ContentDocument };
  beforeAll(async () => {
    page = (
      await call("POST", "/pages", {
        siteCode: SITE,
        lang: "en_US",
        pageType: "LANDING",
        pageCode: "editor-links",
        title: "Links",
      })
    ).json();
  });
  const save = (component: PageComponent, lang?: string) => {
    const document = structuredClone(page.document);
    document.variants[0]!.components.push(component);
    return call("PUT", `/pages/${page.id}/draft`, { revision: page.revision, document }, lang);
  };

  it("refuses a script URL on a banner, in the operator's language", async () => {
    const res = await save(block("Banner", { title: "Spring" }, url("javascript:alert(1)")));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      failed: true,
      code: "pageEditor.action.script",
      message: "The link of “Spring Banner” is a script URL; choose a page or an https address",
    });
    const disguised = await save(block("Banner", {}, url(" JaVa\tScRiPt:alert(1)")), "zh_CN");
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({
      code: "pageEditor.action.script",
      message: "“Spring Banner”的链接是脚本地址，请选择页面或 https 地址",
    });
  });

  it("refuses an outside address that is not https, and script URLs inside slides, cards and buttons", async () => {
    const plain = await save(block("Button", { text: "Go" }, url("http://example.com/deal")), "zh_HK");
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({
      code: "pageEditor.action.https",
      message: "「Spring Button」的連結必須以 https:// 開頭（或是本店的頁面）",
    });
    for (const component of [
      block("Carousel", {
        items: [{ imageUrl: "/a.webp", action: url("/plp") }, { action: url("javascript:x") }],
      }),
      block("ImageTextNav", { items: [{ text: "Deals", action: url("data:text/html,<script>") }] }),
      block("MultipleImageCard", { items: [{ text: "Deals", action: url("vbscript:msgbox(1)") }] }),
      block("Recommend", { moreAction: url("jav&#x61;script:alert(1)") }),
    ]) {
      const res = await save(component);
      expect(res.statusCode, component.componentCode).toBe(400);
      expect(res.json().code, component.componentCode).toBe("pageEditor.action.script");
    }
    const ftp = await save(block("SingleImageCard", { title: "x" }, url("ftp://example.com/x")));
    expect(ftp.json().code).toBe("pageEditor.action.https");
  });

  it("keeps store pages, destinations, plans and https addresses", async () => {
    for (const action of [
      { code: "PLP" as const, data: { keyword: "JP", type: "COUNTRY", categoryName: "Japan" } },
      { code: "PDP" as const, data: { platformProductCode: "JP-3GB-30D" } },
      { code: "CLP" as const, data: { pageCode: "summer-japan", pageName: "Summer in Japan" } },
      url("https://travel.example.com/tips"),
      url("/help"),
    ]) {
      const res = await save(block("Banner", { title: "Spring" }, action));
      expect(res.statusCode, JSON.stringify(action)).toBe(200);
      page = res.json();
      // The next save replaces the block: start again from the draft without it.
      page.document.variants[0]!.components = [];
    }
  });
});

describe("the action picker's search (issue 31 item 2)", () => {
  const search = async (q: string, lang = "en_US") => {
    const res = await call(
      "GET",
      `/pages/link-targets?q=${encodeURIComponent(q)}&siteCode=${SITE}&lang=${lang}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json().targets as { kind: string; label: string; detail: string; action: unknown }[];
  };

  it("finds a destination and its plans by its name in another language", async () => {
    const found = await search("日本");
    expect(found[0]).toMatchObject({
      kind: "destination",
      label: "Japan",
      action: { code: "PLP", data: { keyword: "JP", type: "COUNTRY" } },
    });
    const plan = found.find((target) => target.kind === "plan");
    expect(plan?.detail).toMatch(/^JP-/);
    expect(plan?.action).toEqual({ code: "PDP", data: { platformProductCode: plan?.detail } });
    // In zh_HK the same destination is named in Traditional Chinese.
    expect((await search("japan", "zh_HK"))[0]).toMatchObject({ kind: "destination", label: "日本" });
  });

  it("finds landing pages and notes by their titles in any language", async () => {
    const pages = await search("夏日");
    expect(pages).toContainEqual(
      expect.objectContaining({
        kind: "page",
        label: "Summer in Japan",
        action: { code: "CLP", data: { pageCode: "summer-japan", pageName: "Summer in Japan" } },
      }),
    );
    const notes = await search("兩分鐘");
    expect(notes).toContainEqual(
      expect.objectContaining({
        kind: "note",
        label: "What is an eSIM? A 2-minute guide",
        action: { code: "NOTE", data: { noteInfoCode: "NOTE-ESIM-101" } },
      }),
    );
    expect(await search("no such place anywhere")).toEqual([]);
  });

  it("is for operators who may edit pages", async () => {
    const support = await operatorHeaders(app, await createOperator(app, "support"));
    const res = await app.server.inject({
      method: "GET",
      url: `/o2adm/v1/pages/link-targets?q=japan&siteCode=${SITE}&lang=en_US`,
      headers: support,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("a block in every width and language (issue 31 items 1 and 3)", () => {
  it("inserts after the first block in every range and in two languages, with each language's texts", async () => {
    const pages = (await call("GET", `/pages?siteCode=${SITE}&lang=en_US`)).json().pages;
    const landing = pages.find((p: { pageCode: string }) => p.pageCode === "summer-japan");
    const page = (await call("GET", `/pages/${landing.id}`)).json();
    const first = page.document.variants[0].components[0].componentId;
    const before = (await call("GET", `/pages/${page.id}/scope`)).json();
    expect(before.languages.map((l: { lang: string }) => l.lang)).toEqual(["en_US", "zh_CN", "zh_HK"]);
    expect(before.differences).toEqual([]);

    const inserted = await call("POST", `/pages/${page.id}/blocks`, {
      revision: page.revision,
      document: page.document,
      variantId: page.document.variants[0].variantId,
      place: { where: "after", anchorId: first },
      everyWidth: true,
      languages: ["en_US", "zh_CN"],
      component: {
        componentCode: "Banner",
        componentName: "Japan banner",
        data: { imageUrl: "/images/japan.webp" },
        action: { code: "PLP", data: { keyword: "JP", type: "COUNTRY" } },
      },
      texts: { en_US: { title: "Japan for less" }, zh_CN: { title: "日本更实惠" } },
    });
    expect(inserted.statusCode).toBe(200);
    const { componentId, page: after } = inserted.json();
    // Position 2 in every range of this language.
    for (const variant of after.document.variants) {
      expect(variant.components[1]).toMatchObject({ componentId, data: { title: "Japan for less" } });
    }
    const scope = (await call("GET", `/pages/${page.id}/scope`)).json();
    const zh = scope.languages.find((l: { lang: string }) => l.lang === "zh_CN");
    expect(zh.hasDraft).toBe(true);
    const zhPage = (await call("GET", `/pages/${zh.id}`)).json();
    for (const variant of zhPage.document.variants)
      expect(variant.components[1]).toMatchObject({ componentId, data: { title: "日本更实惠" } });
    expect(scope.presence.find((p: { componentId: string }) => p.componentId === componentId)).toMatchObject({
      languages: ["en_US", "zh_CN"],
    });
    // zh_HK was left out on purpose: publishing has nothing to warn about.
    expect(scope.differences).toEqual([]);

    const published = await call("POST", `/pages/${page.id}/publish`, {
      revision: after.revision,
      languages: [{ lang: "zh_CN", revision: zhPage.revision }],
    });
    expect(published.statusCode).toBe(200);
    expect(published.json().languages).toEqual(["en_US", "zh_CN"]);
    // Both languages' published files now hold the block, each with its own text; zh_HK's does not.
    for (const [lang, text, shown] of [
      ["zh_CN", "日本更实惠", true],
      ["en_US", "Japan for less", true],
      ["zh_HK", "日本更实惠", false],
    ] as const) {
      const file = await app.server.inject({
        method: "POST",
        url: "/o2cms/v1/pub/pages/query-file",
        headers: { "x-lang": lang, "x-requested-with": "fetch" },
        payload: [{ siteCode: SITE, queryType: "LANDING", pageCode: "summer-japan" }],
      });
      const body = (await app.server.inject({ method: "GET", url: file.json().LANDING.filePath })).body;
      expect(body.includes(componentId), lang).toBe(shown);
      if (shown) expect(body).toContain(text);
    }
  });

  it("warns, naming them, when a new block is missing from a range or language it was not left out of", async () => {
    const pages = (await call("GET", `/pages?siteCode=${SITE}&lang=zh_HK`)).json().pages;
    const home = pages.find((p: { pageType: string }) => p.pageType === "HOME");
    const page = (await call("GET", `/pages/${home.id}`)).json();
    const document = structuredClone(page.document) as ContentDocument;
    document.variants[0]!.components.unshift(block("Banner", { title: "只在手機" }));
    const saved = (
      await call("PUT", `/pages/${page.id}/draft`, { revision: page.revision, document })
    ).json();
    const scope = (await call("GET", `/pages/${page.id}/scope`)).json();
    expect(scope.differences).toEqual([
      {
        componentId: "banner-1",
        componentName: "Spring Banner",
        missingRanges: ["720–∞ px"],
        missingLanguages: ["en_US", "zh_CN"],
      },
    ]);
    const refused = await call("POST", `/pages/${page.id}/publish`, { revision: saved.revision }, "zh_CN");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "pageEditor.differences",
      message: "部分区块在某些宽度范围或语言中缺失，请查看提示并确认后再发布",
    });
    const meant = await call("POST", `/pages/${page.id}/publish`, {
      revision: saved.revision,
      acknowledged: true,
    });
    expect(meant.statusCode).toBe(200);
  });
});

describe("raw settings are for engineers (issue 31 item 4)", () => {
  it("refuses a merchandiser's raw change, keeps their form edits, and lets an engineer change it", async () => {
    const page = (
      await call("POST", "/pages", {
        siteCode: SITE,
        lang: "en_US",
        pageType: "LANDING",
        pageCode: "editor-raw",
        title: "Raw",
      })
    ).json();
    const withBanner = (data: Record<string, unknown>) => {
      const document = structuredClone(page.document) as ContentDocument;
      document.variants[0]!.components.push(block("Banner", data));
      return document;
    };
    const raw = await call("PUT", `/pages/${page.id}/draft`, {
      revision: page.revision,
      document: withBanner({ title: "Spring", trackingTag: "x" }),
    });
    expect(raw.statusCode).toBe(403);
    expect(raw.json()).toMatchObject({
      code: "pageEditor.advancedOnly",
      message: "Only engineers may change a block's raw settings",
    });
    const engineer = await operatorHeaders(app, await createOperator(app, "engineer"));
    const byEngineer = await app.server.inject({
      method: "PUT",
      url: `/o2adm/v1/pages/${page.id}/draft`,
      headers: engineer,
      payload: { revision: page.revision, document: withBanner({ title: "Spring", trackingTag: "x" }) },
    });
    expect(byEngineer.statusCode).toBe(200);
    // The merchandiser may still change the title (a form field) while the raw key stays as it is.
    const saved = byEngineer.json();
    const document = structuredClone(saved.document) as ContentDocument;
    document.variants[0]!.components[0]!.data.title = "Summer";
    const formEdit = await call("PUT", `/pages/${page.id}/draft`, { revision: saved.revision, document });
    expect(formEdit.statusCode).toBe(200);
    document.variants[0]!.components[0]!.data.trackingTag = "y";
    const rawEdit = await call("PUT", `/pages/${page.id}/draft`, {
      revision: formEdit.json().revision,
      document,
    });
    expect(rawEdit.json().code).toBe("pageEditor.advancedOnly");
  });
});
