import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE, WHOLE_DOCUMENT_HEADER } from "../core/constants.ts";
import { setupPageApp } from "../test/api.ts";
import { registerByEmail } from "./modules/account/account-test-kit.ts";

/*
 * ADR 0301: without the HTML cache, a page rendered whole (a visitor's) is compressed in one call and sent with
 * its length; so is a signed-in page with nothing left to stream (ADR 0303), and one whose loaders left data
 * to come still streams, compressed as it goes. Either way the browser reads the whole page,
 * and the server's note that a page was whole never leaves it.
 */

const app = setupPageApp();

/** A request over a real socket (inject would fill in a length): the headers as sent, and the body. */
async function get(path: string, headers: Record<string, string> = {}) {
  if (!app.server.server.listening) await app.server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.server.address() as AddressInfo;
  const res = await new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(
        { port, host: "127.0.0.1", path, headers: { "accept-encoding": "gzip", ...headers } },
        (response) => {
          expect(response.statusCode, path).toBe(200);
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          response.on("error", reject);
        },
      )
        .on("error", reject)
        .end();
    },
  );
  expect(res.headers["content-encoding"]).toBe("gzip");
  expect(res.headers[WHOLE_DOCUMENT_HEADER]).toBeUndefined();
  const html = gunzipSync(res.body).toString("utf8");
  // The complete document, whether sent whole or streamed.
  expect(html).toMatch(/^<!DOCTYPE html>/);
  expect(html.trimEnd()).toMatch(/<\/html>$/);
  return { res, html };
}

/** Sent whole: with its length, not in chunks. */
function expectSentWhole(res: { headers: Record<string, string | string[] | undefined>; body: Buffer }) {
  expect(Number(res.headers["content-length"])).toBe(res.body.length);
  expect(res.headers["transfer-encoding"]).toBeUndefined();
}

describe("compressing pages rendered without the HTML cache (ADR 0301)", () => {
  it("sends a visitor's page whole: one gzip member with its length, the complete document", async () => {
    const { res, html } = await get("/pdp/JP-3GB-30D");
    expectSentWhole(res);
    expect(html).toContain("Japan 3GB 30 Days");
  });

  it("sends it uncompressed, whole, to a client that does not take gzip", async () => {
    const res = await app.server.inject({ method: "GET", url: "/pdp/JP-3GB-30D" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers[WHOLE_DOCUMENT_HEADER]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.body).toContain("Japan 3GB 30 Days");
  });

  it("sends a signed-in shopper's own page whole when no loader left data to stream (ADR 0303)", async () => {
    const { accessToken } = await registerByEmail(app, "whole-or-streamed@roamly.test");
    const { res, html } = await get("/ucenter/order/list", {
      cookie: `${ACCESS_TOKEN_COOKIE}=${accessToken}`,
    });
    expectSentWhole(res);
    expect(html).toContain("My orders");
  });

  it("still streams a signed-in page whose block data comes after its shell, and it arrives complete", async () => {
    const { accessToken } = await registerByEmail(app, "streamed@roamly.test");
    const { res, html } = await get("/cmsCLP?pageCode=summer-japan", {
      cookie: `${ACCESS_TOKEN_COOKIE}=${accessToken}`,
    });
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(html).toContain("Summer");
  });
});
