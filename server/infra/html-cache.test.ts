import { gunzipSync } from "node:zlib";
import type { FastifyRequest } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { acceptsGzip, HtmlCache } from "./html-cache.ts";

function request(
  overrides: Partial<{
    method: string;
    headers: Record<string, string>;
    cookies: Record<string, string>;
  }> = {},
) {
  return { method: "GET", headers: {}, cookies: {}, ...overrides } as unknown as FastifyRequest;
}
const url = (path: string) => new URL(path, "http://shop.test");

describe("HtmlCache", () => {
  afterEach(() => vi.useRealTimers());

  it("gives every hit its own nonce wherever the stored one stood, keeping multi-byte text intact", () => {
    const cache = new HtmlCache(30_000);
    const stored = "N0nce+/==";
    const html = `${stored}<p>日本 eSIM ¥680</p><script nonce="${stored}"></script>${stored}`;
    cache.set("k", html, stored, new Headers({ "content-type": "text/html", "set-cookie": "x=1" }));
    const hit = cache.get("k")?.replaceNonce("fresh");
    expect(hit?.html.toString("utf8")).toBe(html.replaceAll(stored, "fresh"));
    expect(hit?.headers.get("content-type")).toBe("text/html");
    expect(hit?.headers.get("set-cookie")).toBeNull();
  });

  it("sends hits gzipped with the new nonce, byte for byte the page it stored", () => {
    const cache = new HtmlCache(30_000);
    const stored = "Zm9vYmFyYmF6cXV4MTIzNA==";
    for (const html of [
      `${stored}<p>日本 ¥680 ${"x".repeat(70_000)}</p><script nonce="${stored}"></script>${stored}`,
      "<p>no nonce at all</p>",
      stored,
      "",
    ]) {
      cache.set("k", html, stored, new Headers({ "content-type": "text/html" }));
      const hit = cache.get("k")?.gzipWithNonce("bmV3LW5vbmNlLTEyMzQ1Ng==");
      expect(gunzipSync(hit?.gzip ?? Buffer.alloc(0)).toString("utf8")).toBe(
        html.replaceAll(stored, "bmV3LW5vbmNlLTEyMzQ1Ng=="),
      );
    }
  });

  it("reads Accept-Encoding", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
  });

  it("forgets an entry after its time to live", () => {
    vi.useFakeTimers();
    const cache = new HtmlCache(1_000);
    cache.set("k", "<p>x</p>", "n", new Headers());
    vi.advanceTimersByTime(999);
    expect(cache.get("k")).not.toBeNull();
    vi.advanceTimersByTime(2);
    expect(cache.get("k")).toBeNull();
  });

  it("never caches for a signed-in shopper, a non-GET, a data request or when disabled", () => {
    const cache = new HtmlCache(30_000);
    expect(cache.keyFor(request({ cookies: { esim_at: "t" } }), url("/"))).toBeNull();
    expect(cache.keyFor(request({ cookies: { esim_rt: "t" } }), url("/"))).toBeNull();
    expect(cache.keyFor(request({ headers: { authorization: "Bearer t" } }), url("/"))).toBeNull();
    expect(cache.keyFor(request({ method: "POST" }), url("/"))).toBeNull();
    expect(cache.keyFor(request(), url("/zh_CN.data"))).toBeNull();
    expect(cache.keyFor(request(), url("/zh_HK/preview/42?type=template"))).toBeNull();
    expect(new HtmlCache(0).keyFor(request(), url("/"))).toBeNull();
  });

  it("keys pages by query, currency and locale choice, and the root by the detected language", () => {
    const cache = new HtmlCache(30_000);
    const plain = cache.keyFor(request(), url("/plp?type=COUNTRY"));
    expect(plain).not.toBeNull();
    expect(cache.keyFor(request(), url("/plp?type=REGION"))).not.toBe(plain);
    expect(cache.keyFor(request({ cookies: { currency: "USD" } }), url("/plp?type=COUNTRY"))).not.toBe(plain);
    const rootEn = cache.keyFor(request({ headers: { "accept-language": "en" } }), url("/"));
    const rootZh = cache.keyFor(request({ headers: { "accept-language": "zh-TW" } }), url("/"));
    expect(rootEn).not.toBe(rootZh);
  });

  it("keeps pages rendered for phone browsers apart from the others (ADR 0143)", () => {
    const cache = new HtmlCache(30_000);
    const desktop = cache.keyFor(
      request({ headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" } }),
      url("/"),
    );
    const phone = cache.keyFor(
      request({
        headers: { "user-agent": "Mozilla/5.0 (Linux; Android 11) Chrome/140 Mobile Safari/537.36" },
      }),
      url("/"),
    );
    const hinted = cache.keyFor(request({ headers: { "sec-ch-ua-mobile": "?1" } }), url("/"));
    expect(phone).not.toBe(desktop);
    expect(hinted).toBe(phone);
    expect(cache.keyFor(request(), url("/"))).toBe(desktop);
  });

  it("never shares an entry between two origins (ADR 0186)", () => {
    const cache = new HtmlCache(30_000);
    const ours = cache.keyFor(request(), new URL("/plp", "http://localhost:3000"));
    const other = cache.keyFor(request(), new URL("/plp", "http://127.0.0.1:3000"));
    expect(ours).not.toBeNull();
    expect(other).not.toBeNull();
    expect(ours).not.toBe(other);
  });
});
