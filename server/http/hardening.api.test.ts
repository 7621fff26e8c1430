import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { isMessageKey, translate } from "../../core/i18n/index.ts";
import { setupTestApp } from "../../test/api.ts";
import { shopper } from "../modules/checkout/purchase-test-kit.ts";

// Issue 14 items 7, 9 and 10: each test sends the attack that once gave a 500 or Fastify's own body.
const app = setupTestApp();

function expectErrorShape(body: unknown, code = "error.badRequest") {
  expect(body).toMatchObject({ failed: true, code, message: expect.any(String) });
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\bat \S+:\d+|node_modules|FST_ERR|statusCode|Error:/);
}

describe("control characters (item 7)", () => {
  it("refuses a nickName holding NUL with a 400 naming the field, and keeps the old name", async () => {
    const who = await shopper(app);
    const answer = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: { ...who.headers, "x-lang": "zh_CN" },
      payload: { nickName: "Ann\u0000Lee" },
    });
    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer.json());
    expect(answer.json().message).toBe(translate("zh_CN", "error.badRequest"));
    expect(answer.json().fields).toEqual({ nickName: "validation.controlCharacters" });
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: who.headers,
    });
    expect(JSON.stringify(info.json())).not.toContain("\\u0000");
  });

  it("refuses other control characters in values and keys, and still accepts a plain name", async () => {
    const who = await shopper(app);
    for (const payload of [{ nickName: "a\u001bb" }, { nickName: "a\u007fb" }, { "nick\u0000Name": "x" }]) {
      const answer = await app.server.inject({
        method: "PUT",
        url: "/o2cum/v1/customer-info",
        headers: who.headers,
        payload,
      });
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(answer.json());
    }
    const plain = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer-info",
      headers: who.headers,
      payload: { nickName: "Ann" },
    });
    expect(plain.statusCode).toBe(200);
  });

  it("refuses %00 in an order search, a product code and a page path with a 400, not a 500", async () => {
    const who = await shopper(app);
    for (const url of [
      "/o2ord/v1/customer/orders?keyword=%00",
      "/o2ord/v1/customer/orders?keyword=a%1Fb",
      "/o2srh/v1/pub/platform-products/search?keyword=%00",
      "/o2ord/v1/customer/orders/AB%00CD",
    ]) {
      const answer = await app.server.inject({ method: "GET", url, headers: who.headers });
      expect(answer.statusCode, url).toBe(400);
      expectErrorShape(answer.json());
      expect(answer.body).not.toContain("%00");
    }
    const page = await app.server.inject({ method: "GET", url: "/zh_HK/pdp/JP%00" });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/plain/);
    expect(page.body).toBe(translate("zh_HK", "error.badRequest"));
  });
});

describe("the error shape everywhere (item 9)", () => {
  it("answers bad percent-encoding in the path in the error shape, without echoing the URL", async () => {
    const answer = await app.server.inject({
      method: "GET",
      url: "/o2ord/v1/customer/orders/%E0%A4%A/status",
      headers: { "x-lang": "zh_CN" },
    });
    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer.json());
    expect(answer.json().message).toBe(translate("zh_CN", "error.badRequest"));
    expect(answer.body).not.toContain("%E0");
  });

  it("answers a path parameter past the router's limit with 414 in the error shape", async () => {
    const answer = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${"A".repeat(300)}`,
    });
    expect(answer.statusCode).toBe(414);
    expectErrorShape(answer.json(), "error.uriTooLong");
    expect(answer.body).not.toContain("AAAA");
  });

  it("answers headers too large (431) in the error shape, straight from the HTTP parser", async () => {
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.write(`GET /o2cms/v1/pub/x HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
      });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("close", () => resolve(received));
      socket.on("error", (error) => (received ? resolve(received) : reject(error)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
    expect(body).toEqual({
      failed: true,
      code: "error.headersTooLarge",
      message: translate("en_US", "error.headersTooLarge"),
    });
  });

  it("gives field errors as message keys, never zod's English", async () => {
    const who = await shopper(app);
    const answers = await Promise.all([
      app.server.inject({
        method: "PUT",
        url: "/o2cum/v1/customer-info",
        headers: who.headers,
        payload: { nickName: 7, defaultLanguage: "xx", preferenceCurrency: "usd" },
      }),
      app.server.inject({
        method: "GET",
        url: "/o2ord/v1/customer/orders?page=-1&size=abc",
        headers: who.headers,
      }),
      app.server.inject({ method: "POST", url: "/o2pcm/v1/query-target-info", payload: { codes: [] } }),
      app.server.inject({
        method: "GET",
        url: "/o2srh/v1/pub/platform-products/search?sort=sideways&size=999",
      }),
      app.server.inject({ method: "GET", url: "/o2cms/v1/pub/sites/preview", headers: { "x-preview": "1" } }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      const { fields } = answer.json();
      expect(Object.keys(fields).length).toBeGreaterThan(0);
      for (const key of Object.values(fields)) expect(isMessageKey(key as string), String(key)).toBe(true);
    }
    expect(answers[0]!.json().fields.nickName).toMatch(/\.typeMismatch$/);
  });
});

describe("spec 9 query limits", () => {
  it("refuses more than 1000 parameters, an array of more than 20 and brackets nested past 5 with a 400", async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join("&");
    const array = Array.from({ length: 21 }, () => "codes=a").join("&");
    for (const query of [many, array, "a[b][c][d][e][f]=1"]) {
      const answer = await app.server.inject({
        method: "GET",
        url: `/o2cms/v1/pub/sites/preview?${query}`,
        headers: { "x-preview": "1" },
      });
      expect(answer.statusCode).toBe(400);
      expectErrorShape(answer.json());
    }
  });

  it("refuses a bracketed array of 21, and a 100,000-parameter query before parsing it", async () => {
    const brackets = Array.from({ length: 21 }, (_, i) => `codes[]=${i}`).join("&");
    const array = await app.server.inject({
      method: "GET",
      url: `/o2srh/v1/pub/platform-products/search?${brackets}`,
    });
    expect(array.statusCode).toBe(400);
    expectErrorShape(array.json());
    // The parameter count is checked by counting separators before the parser runs: the answer is the same 400.
    const huge = `/o2srh/v1/pub/platform-products/search?${"x=1&".repeat(100_000)}y=1`;
    const answer = await app.server.inject({ method: "GET", url: huge });
    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer.json());
  });

  it("accepts a query at the limits", async () => {
    // 980 distinct names and one repeated 20 times: 1000 parameters, an array of 20.
    const atLimit = [...Array.from({ length: 980 }, (_, i) => `p${i}=1`), ...Array(20).fill("x=1")].join("&");
    const answer = await app.server.inject({
      method: "GET",
      url: `/o2srh/v1/pub/platform-products/search?${atLimit}`,
    });
    expect(answer.statusCode).toBe(200);
    const nested = await app.server.inject({
      method: "GET",
      url: "/o2srh/v1/pub/platform-products/search?a[b][c][d][e]=1",
    });
    expect(nested.statusCode).toBe(200);
  });
});

describe("depth limits (item 10)", () => {
  const component = (id: string, childrenData?: unknown[]) => ({
    componentId: id,
    componentCode: "Column",
    componentName: "Column",
    positionCode: "1",
    style: {},
    data: {},
    options: "{}",
    ...(childrenData ? { childrenData } : {}),
  });
  const nested = (depth: number) => {
    let node = component(`c${depth}`);
    for (let level = depth - 1; level >= 1; level--) node = component(`c${level}`, [node]);
    return node;
  };
  const document = (components: unknown[]) => ({
    formatVersion: 1,
    pageCode: "deep-page",
    pageType: "LANDING",
    lang: "en_US",
    title: "Deep",
    variants: [{ variantId: "v1", minWidth: 0, maxWidth: null, layout: "normal", components }],
  });
  const save = (doc: unknown) =>
    app.server.inject({
      method: "POST",
      url: "/__dev/content/drafts",
      payload: { siteCode: "O2_PLATFORM__101", document: doc },
    });

  it("refuses a document nested 1,000 deep with a 400, not a stack overflow", async () => {
    const answer = await save(document([nested(1000)]));
    expect(answer.statusCode).toBe(400);
    expectErrorShape(answer.json());
    expect(Object.values(answer.json().fields)).toEqual(["validation.tooDeep"]);
  });

  it("refuses components nested past what the editor makes, and keeps a page the editor can make", async () => {
    const tooDeep = await save(document([nested(9)]));
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().fields).toEqual({ document: "validation.tooDeep" });
    const editorMade = await save(document([nested(8)]));
    expect(editorMade.statusCode, editorMade.body).toBe(200);
  });

  it("refuses any JSON body nested deeper than 32 levels", async () => {
    let deep: unknown = "x";
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const answer = await app.server.inject({
      method: "POST",
      url: "/o2pcm/v1/query-target-info",
      payload: { codes: deep },
    });
    expect(answer.statusCode).toBe(400);
    expect(Object.values(answer.json().fields)).toEqual(["validation.tooDeep"]);
  });
});
