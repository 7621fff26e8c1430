import { beforeAll, describe, expect, it } from "vitest";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";

/*
 * ADR 0397: a block added in every language gets its image in the insert step, once for all languages, with a
 * language's own image where the operator gives one; each language's draft holds its image, sanitized as a save is.
 */
const app = setupTestApp();
const SITE = "O2_PLATFORM__101";
const SHARED = "/media/banner/a.svg";
const OWN = "/media/library/0000000000000000000000000000000000000000000000000000000000000000.png";
let headers: Record<string, string>;

beforeAll(async () => {
  headers = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

async function call(method: "GET" | "POST", url: string, payload?: object) {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...headers, "x-lang": "en_US" },
    ...(payload ? { payload } : {}),
  });
}

type Page = { id: number; revision: number; document: ContentDocument };

async function openSummerJapan(): Promise<Page> {
  const pages = (await call("GET", `/pages?siteCode=${SITE}&lang=en_US`)).json().pages;
  const landing = pages.find((p: { pageCode: string }) => p.pageCode === "summer-japan");
  return (await call("GET", `/pages/${landing.id}`)).json();
}

function insertBanner(page: Page, texts: Record<string, Record<string, string>>) {
  return call("POST", `/pages/${page.id}/blocks`, {
    revision: page.revision,
    document: page.document,
    variantId: page.document.variants[0]!.variantId,
    place: { where: "end" },
    everyWidth: true,
    languages: ["en_US", "zh_CN", "zh_HK"],
    component: { componentCode: "Banner", componentName: "Autumn banner", data: { imageUrl: SHARED } },
    texts,
  });
}

/** The block `componentId` in every range of a language's draft. */
async function blocksIn(page: Page, lang: string, componentId: string) {
  const scope = (await call("GET", `/pages/${page.id}/scope`)).json();
  const id = scope.languages.find((l: { lang: string }) => l.lang === lang).id;
  const draft = (await call("GET", `/pages/${id}`)).json() as Page;
  return draft.document.variants.map(
    (variant) => variant.components.find((c) => c.componentId === componentId) as PageComponent,
  );
}

describe("an inserted block's image (ADR 0397)", () => {
  it("is set once for every language, and a language given its own image gets that one", async () => {
    const page = await openSummerJapan();
    const inserted = await insertBanner(page, {
      en_US: { title: "Autumn in Japan" },
      zh_CN: { title: "日本之秋", imageUrl: OWN },
      zh_HK: { title: "日本之秋（香港）" },
    });
    expect(inserted.statusCode, inserted.body).toBe(200);
    const { componentId } = inserted.json();
    for (const [lang, image, title] of [
      ["en_US", SHARED, "Autumn in Japan"],
      ["zh_CN", OWN, "日本之秋"],
      ["zh_HK", SHARED, "日本之秋（香港）"],
    ] as const) {
      const blocks = await blocksIn(page, lang, componentId);
      expect(blocks.length, lang).toBe(3);
      for (const block of blocks) expect(block.data, lang).toEqual({ imageUrl: image, title });
    }
  });

  it("sanitizes a language's own image as a save does, and keeps raw keys for engineers", async () => {
    const page = await openSummerJapan();
    const scripted = await insertBanner(page, { zh_CN: { imageUrl: "javascript:alert(1)" } });
    expect(scripted.statusCode, scripted.body).toBe(200);
    const [block] = await blocksIn(page, "zh_CN", scripted.json().componentId);
    expect(block!.data.imageUrl).toBe("");

    const fresh = await openSummerJapan();
    const raw = await insertBanner(fresh, { zh_CN: { imageUrl: OWN, rawKey: "x" } });
    expect(raw.statusCode).toBe(403);
    expect(raw.json()).toMatchObject({ failed: true, code: "pageEditor.advancedOnly" });
  });
});
