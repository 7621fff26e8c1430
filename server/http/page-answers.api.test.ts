import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { translate } from "../../core/i18n/index.ts";
import { customers, inviteSettings } from "../../db/schema/index.ts";
import { setupPageApp } from "../../test/api.ts";
import { shopper } from "../modules/checkout/purchase-test-kit.ts";
import { RESOURCE_ROUTES } from "./resource-routes.ts";

// Issue 32 items 3, 9 and 10 on pages: page actions with bodies that are no form, resource routes asked with
// another method or a refused URL, a page path that is not UTF-8, and a nickname on the public invite page.
const app = setupPageApp();

function expectErrorShape(body: unknown, code: string) {
  expect(body).toMatchObject({ failed: true, code, message: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/\bat \S+:\d+|node_modules|TypeError|Unexpected Server Error/);
}

const BOUNDARY = "----roamly";
const NOT_FORMS: { name: string; type?: string; body?: string; status: number }[] = [
  { name: "JSON", type: "application/json", body: '{"id_token":"a.b.c"}', status: 415 },
  { name: "text", type: "text/plain", body: "id_token=a.b.c", status: 415 },
  { name: "XML", type: "application/xml", body: "<id_token>a.b.c</id_token>", status: 415 },
  { name: "no body", status: 415 },
  {
    name: "broken multipart",
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="id_token"\r\n\r\na.b.c`,
    status: 400,
  },
  { name: "multipart without a boundary", type: "multipart/form-data", body: "x", status: 400 },
];

describe("POST /login, the Apple redirect target, with a body that is no form (issue 32 item 3)", () => {
  it("answers 415 or 400 in the error shape, in the page's language", async () => {
    for (const path of ["/login", "/zh_CN/login", "/zh_CN/login.data"]) {
      for (const attempt of NOT_FORMS) {
        const answer = await app.server.inject({
          method: "POST",
          url: path,
          headers: attempt.type ? { "content-type": attempt.type } : {},
          ...(attempt.body === undefined ? {} : { payload: attempt.body }),
        });
        const label = `${path} ${attempt.name}`;
        expect(answer.statusCode, label).toBe(attempt.status);
        expect(answer.headers["content-type"], label).toMatch(/^application\/json/);
        const code = attempt.status === 415 ? "error.unsupportedMediaType" : "error.badRequest";
        expectErrorShape(answer.json(), code);
        const locale = path.startsWith("/zh_CN") ? "zh_CN" : "en_US";
        expect(answer.json().message, label).toBe(translate(locale, code));
      }
    }
  });

  it("still takes Apple's form_post, URL-encoded or multipart", async () => {
    const urlEncoded = await app.server.inject({
      method: "POST",
      url: "/zh_CN/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "id_token=aaa.bbb.ccc",
    });
    expect(urlEncoded.statusCode).toBe(200);
    expect(urlEncoded.headers["content-type"]).toMatch(/^text\/html/);
    const multipart = await app.server.inject({
      method: "POST",
      url: "/login",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="id_token"\r\n\r\naaa.bbb.ccc\r\n--${BOUNDARY}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
  }, 120_000);
});

describe("resource routes answer in the error shape (issue 32 item 10)", () => {
  it("answers every other method with 405, an Allow header and the error shape", async () => {
    for (const route of RESOURCE_ROUTES) {
      const paths = route.localized ? [route.path, `/zh_CN${route.path}`] : [route.path];
      for (const path of paths) {
        for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const) {
          if (route.methods.includes(method)) continue;
          const answer = await app.server.inject({
            method,
            url: path,
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: method === "GET" || method === "OPTIONS" ? undefined : "a=1",
          });
          const label = `${method} ${path}`;
          expect(answer.statusCode, label).toBe(405);
          expect(answer.headers.allow, label).toBe(route.methods.join(", "));
          expectErrorShape(answer.json(), "error.methodNotAllowed");
          const locale = path.startsWith("/zh_CN") ? "zh_CN" : "en_US";
          expect(answer.json().message, label).toBe(translate(locale, "error.methodNotAllowed"));
        }
      }
    }
  });

  it("answers a %00 in the query with a 400 in the error shape, not text/plain", async () => {
    for (const url of [
      "/checkout/quote?planCode=JP%00",
      "/zh_CN/content/variant?width=%00",
      "/checkout/quote.data?x=%00",
    ]) {
      const answer = await app.server.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.headers["content-type"], url).toMatch(/^application\/json/);
      expectErrorShape(answer.json(), "error.badRequest");
    }
    // A page keeps its translated text answer.
    const page = await app.server.inject({ method: "GET", url: "/zh_CN/plp?keyword=%00" });
    expect(page.statusCode).toBe(400);
    expect(page.body).toBe(translate("zh_CN", "error.badRequest"));
  });
});

describe("wrong methods on API routes beside the pages (issue 32 item 10)", () => {
  it("answers 405 with Allow instead of the page catch-all's 404", async () => {
    const answer = await app.server.inject({ method: "DELETE", url: "/o2cum/v1/customer-info" });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD, PUT");
    expectErrorShape(answer.json(), "error.methodNotAllowed");
    const missing = await app.server.inject({ method: "DELETE", url: "/o2cum/v1/no-such-thing" });
    expect(missing.statusCode).toBe(404);
    expectErrorShape(missing.json(), "error.notFound");
  });
});

describe("a page path that is not UTF-8 (issue 32 item 10)", () => {
  it("gets the localized not-found page, not an English JSON body", async () => {
    const answer = await app.server.inject({ method: "GET", url: "/zh_CN/pdp/%ED%A0%80" });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.body).toContain('lang="zh-CN"');
    const normal = await app.server.inject({ method: "GET", url: "/zh_CN/pdp/NO-SUCH-PLAN" });
    expect(normal.statusCode).toBe(404);
    const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title(answer.body)).toBe(title(normal.body));
    // The API keeps its 400 in the error shape.
    const api = await app.server.inject({ method: "GET", url: "/o2pcm/v1/pub/products/%ED%A0%80" });
    expect(api.statusCode).toBe(400);
    expectErrorShape(api.json(), "error.badRequest");
  });
});

describe("the public invite page isolates the inviter's nickname (issue 32 item 9)", () => {
  it("puts the nickname of its <h1> in a <bdi>", async () => {
    await app.database.db.update(inviteSettings).set({ enabled: true }).where(eq(inviteSettings.id, 1));
    await app.services.sfb.rulesChanged();
    const inviter = await shopper(app);
    // A name stored before names were checked: its override must not reverse the rest of the headline.
    await app.database.db
      .update(customers)
      .set({ nickName: "\u202eAnn" })
      .where(eq(customers.id, inviter.id));
    const { code } = await app.services.sfb.codeFor(inviter.id);
    const page = await app.server.inject({ method: "GET", url: `/zh_CN/sfb/landing/${code}` });
    expect(page.statusCode).toBe(200);
    const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(page.body)?.[1] ?? "";
    expect(h1).toContain("<bdi>\u202eAnn</bdi>");
    expect(h1.replace(/<[^>]+>/g, "")).toBe(translate("zh_CN", "sfbUi.landing.title", { name: "\u202eAnn" }));
  });
});
