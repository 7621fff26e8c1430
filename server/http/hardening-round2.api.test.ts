import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { translate } from "../../core/i18n/index.ts";
import { setupTestApp } from "../../test/api.ts";
import { shopper } from "../modules/checkout/purchase-test-kit.ts";

// Issue 32 items 3, 9 and 10 on the API: each test sends the input that once gave a 500, a 404 or a reset.
const app = setupTestApp();
const NANSHAN = { regionCode: "440000", cityCode: "440300", districtCode: "440305" };

function expectErrorShape(body: unknown, code = "error.badRequest") {
  expect(body).toMatchObject({ failed: true, code, message: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/\bat \S+:\d+|node_modules|FST_ERR|statusCode|Error:/);
}

describe("unpaired UTF-16 surrogates (issue 32 item 3)", () => {
  it("refuses a lone surrogate in the billing street with a 400, not a 500", async () => {
    const who = await shopper(app);
    for (const street of ["x\ud800y", "x\udfffy", "\ud800", "end\udbff"]) {
      const answer = await app.server.inject({
        method: "PUT",
        url: "/o2cum/v1/customer/billing-address",
        headers: { ...who.headers, "x-lang": "zh_CN" },
        payload: { ...NANSHAN, street },
      });
      expect(answer.statusCode, JSON.stringify(street)).toBe(400);
      expectErrorShape(answer.json());
      expect(answer.json().message).toBe(translate("zh_CN", "error.badRequest"));
      expect(answer.json().fields).toEqual({ street: "validation.unpairedSurrogate" });
    }
    const paired = await app.server.inject({
      method: "PUT",
      url: "/o2cum/v1/customer/billing-address",
      headers: who.headers,
      payload: { ...NANSHAN, street: "1 Keyuan Road \ud83d\ude00" },
    });
    expect(paired.statusCode).toBe(200);
  });

  it("refuses one in nickName and in a key instead of storing U+FFFD, and keeps an emoji", async () => {
    const who = await shopper(app);
    const put = (payload: object) =>
      app.server.inject({ method: "PUT", url: "/o2cum/v1/customer-info", headers: who.headers, payload });
    const lone = await put({ nickName: "x\ud800y" });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().fields).toEqual({ nickName: "validation.unpairedSurrogate" });
    const key = await put({ "nick\udfffName": "x" });
    expect(key.statusCode).toBe(400);
    expectErrorShape(key.json());
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: who.headers,
    });
    expect(JSON.stringify(info.json())).not.toContain("\ufffd");
    expect((await put({ nickName: "Ann \ud83d\ude00" })).statusCode).toBe(200);
  });
});

describe("bidi controls in names (issue 32 item 9)", () => {
  it("refuses U+202E and its friends in nickName with a translated 400, and keeps the old name", async () => {
    const who = await shopper(app);
    const put = (nickName: string, lang = "en_US") =>
      app.server.inject({
        method: "PUT",
        url: "/o2cum/v1/customer-info",
        headers: { ...who.headers, "x-lang": lang },
        payload: { nickName },
      });
    expect((await put("Ann")).statusCode).toBe(200);
    for (const control of [
      "\u202a",
      "\u202b",
      "\u202c",
      "\u202d",
      "\u202e",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
      "\u200e",
      "\u200f",
      "\u061c",
    ]) {
      const answer = await put(`gnp.\u202e${control}exe`, "zh_HK");
      expect(answer.statusCode, control.codePointAt(0)!.toString(16)).toBe(400);
      expectErrorShape(answer.json());
      expect(answer.json().message).toBe(translate("zh_HK", "error.badRequest"));
      expect(answer.json().fields).toEqual({ nickName: "validation.bidiControls" });
    }
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: who.headers,
    });
    expect(JSON.stringify(info.json())).toContain('"Ann"');
    // Right-to-left letters are a name like any other.
    expect((await put("\u05e9\u05dc\u05d5\u05dd")).statusCode).toBe(200);
  });

  it("has the refusal in every language", () => {
    for (const locale of ["en_US", "zh_CN", "zh_HK"] as const) {
      expect(translate(locale, "validation.bidiControls")).not.toBe("validation.bidiControls");
      expect(translate(locale, "validation.unpairedSurrogate")).not.toBe("validation.unpairedSurrogate");
    }
  });
});

describe("wrong methods on API routes (issue 32 item 10)", () => {
  it("answers 405 with an Allow header and the error shape, and 404 where no route is", async () => {
    const who = await shopper(app);
    const wrong = await app.server.inject({
      method: "DELETE",
      url: "/o2cum/v1/customer-info",
      headers: { ...who.headers, "x-lang": "zh_CN" },
    });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe("GET, HEAD, PUT");
    expectErrorShape(wrong.json(), "error.methodNotAllowed");
    expect(wrong.json().message).toBe(translate("zh_CN", "error.methodNotAllowed"));

    // A route with a path parameter, and a method Fastify registers no route for.
    const order = await app.server.inject({ method: "PATCH", url: "/o2ord/v1/customer/orders/ABC123" });
    expect(order.statusCode).toBe(405);
    expect(order.headers.allow).toContain("GET");
    const options = await app.server.inject({ method: "OPTIONS", url: "/o2cum/v1/customer-info" });
    expect(options.statusCode).toBe(405);

    const missing = await app.server.inject({ method: "DELETE", url: "/o2cum/v1/no-such-thing" });
    expect(missing.statusCode).toBe(404);
    expectErrorShape(missing.json(), "error.notFound");
    expect(missing.headers.allow).toBeUndefined();
  });
});

describe("a body too large (issue 32 item 10)", () => {
  it("gets 413 in the error shape on every try over a real socket, never a reset", async () => {
    const who = await shopper(app);
    await app.server.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.server.address() as AddressInfo;
    const body = JSON.stringify({ nickName: "a".repeat(2 * 1_048_576) });
    for (let attempt = 0; attempt < 12; attempt++) {
      const answer = await fetch(`http://127.0.0.1:${port}/o2cum/v1/customer-info`, {
        method: "PUT",
        headers: { ...who.headers, "content-type": "application/json", "x-lang": "zh_CN" },
        body,
      });
      expect(answer.status, `try ${attempt}`).toBe(413);
      // Answered once the upload was read: a server that answers mid-upload closes the connection while the
      // client still writes, and over a real network the client then sees a reset instead of this answer.
      expect(answer.headers.get("connection"), `try ${attempt}`).not.toBe("close");
      expect(await answer.json()).toEqual({
        failed: true,
        code: "error.payloadTooLarge",
        message: translate("zh_CN", "error.payloadTooLarge"),
      });
    }
    // Streamed without a length (chunked), the refusal arrives as well.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 32; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        controller.close();
      },
    });
    const streamed = await fetch(`http://127.0.0.1:${port}/o2cum/v1/customer-info`, {
      method: "PUT",
      headers: { ...who.headers, "content-type": "application/json" },
      body: chunks,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expectErrorShape(await streamed.json(), "error.payloadTooLarge");
  });
});
