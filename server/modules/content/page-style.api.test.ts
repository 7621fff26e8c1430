import { beforeAll, describe, expect, it } from "vitest";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";

// Issue 32 item 8: an operator's raw CSS in a block's style never reaches a published page file (the native app
// reads those files without the web renderer's filter): the style is held to its allow-list when saved.
const app = setupTestApp();
const SITE = "O2_PLATFORM__101";
let headers: Record<string, string>;

beforeAll(async () => {
  headers = await operatorHeaders(app, await createOperator(app, "merchandiser"));
});

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  app.server.inject({ method, url: `/o2adm/v1${url}`, headers, ...(payload ? { payload } : {}) });

function image(
  id: string,
  style: Record<string, string | number>,
  children?: PageComponent[],
): PageComponent {
  return {
    componentId: id,
    componentCode: "Image",
    componentName: "Hero",
    positionCode: "10",
    style,
    data: { imageUrl: "/images/banner.webp", alt: "Hero" },
    options: "{}",
    ...(children ? { childrenData: children } : {}),
  };
}

const HOSTILE = {
  background: "url(javascript:alert(1))",
  color: "red;}</style><script>alert(1)</script>",
  width: "expression(alert(1))",
  height: "100px; position: fixed",
  padding: "1px/**/",
  position: "fixed",
  behavior: "url(x.htc)",
  margin: "8px 0 16px",
  fontSize: 16,
  textAlign: "center",
  borderRadius: "12px",
  fontWeight: 700,
} as Record<string, string | number>;
const KEPT = { margin: "8px 0 16px", fontSize: 16, textAlign: "center", borderRadius: "12px" };

describe("block styles are sanitized on save (issue 32 item 8)", () => {
  it("saves and publishes only allowed properties and values, at every depth", async () => {
    const created = await call("POST", "/pages", {
      siteCode: SITE,
      lang: "en_US",
      pageType: "LANDING",
      pageCode: "style-attack",
      title: "Style attack",
    });
    expect(created.statusCode, created.body).toBe(200);
    const page = created.json();
    const document: ContentDocument = structuredClone(page.document);
    document.variants[0]!.components.push(
      image("hero", HOSTILE),
      image("box", { background: "#0a66ff", color: "rgb(255, 255, 255)" }, [image("inner", HOSTILE)]),
    );
    const saved = await call("PUT", `/pages/${page.id}/draft`, { revision: page.revision, document });
    expect(saved.statusCode, saved.body).toBe(200);
    const savedComponents: PageComponent[] = saved.json().document.variants[0].components;
    const hero = savedComponents.find((c) => c.componentId === "hero")!;
    expect(hero.style).toEqual({ ...KEPT, fontWeight: 700 });

    const published = await call("POST", `/pages/${page.id}/publish`, { revision: saved.json().revision });
    expect(published.statusCode, published.body).toBe(200);
    const files = await app.server.inject({
      method: "POST",
      url: "/o2cms/v1/pub/pages/query-file",
      headers: { "x-lang": "en_US", "x-requested-with": "fetch" },
      payload: [{ siteCode: SITE, queryType: "LANDING", pageCode: "style-attack" }],
    });
    const file = await app.server.inject({ method: "GET", url: files.json().LANDING.filePath });
    expect(file.statusCode).toBe(200);
    expect(file.body).not.toMatch(/javascript|<\/style|<script|expression\(|fixed|behavior|url\(/i);
    const components: PageComponent[] = file.json().variants[0].components;
    expect(components.find((c) => c.componentId === "hero")!.style).toEqual({ ...KEPT, fontWeight: 700 });
    const box = components.find((c) => c.componentId === "box")!;
    expect(box.style).toEqual({ background: "#0a66ff", color: "rgb(255, 255, 255)" });
    expect(box.childrenData![0]!.style).toEqual({ ...KEPT, fontWeight: 700 });
  });
});
