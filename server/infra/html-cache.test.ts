import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { crc32, gunzipSync } from "node:zlib";
import type { FastifyRequest } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { singleQuotedBody } from "../../core/script-string.ts";
import { createRequestContext } from "../http/request-context.ts";
import {
  ADMISSION_WINDOW,
  acceptsGzip,
  crc32Combine,
  HtmlCache,
  OPEN_QUERY_PARAMS,
  PAGE_QUERY_PARAMS,
} from "./html-cache.ts";

/** A page request with its request context, built as the server builds it (server/http/request-context.ts). */
function request(
  overrides: Partial<{
    method: string;
    headers: Record<string, string>;
    cookies: Record<string, string>;
  }> = {},
) {
  const headers = { ...overrides.headers };
  const cookies = { ...overrides.cookies };
  if (Object.keys(cookies).length > 0)
    headers.cookie = Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
  const fake = {
    method: "GET",
    url: "/",
    id: "test",
    hostname: "shop.test",
    routeOptions: { config: { page: true } },
    ...overrides,
    headers,
    cookies,
  } as unknown as FastifyRequest;
  fake.ctx = createRequestContext(fake, async () => null);
  return fake;
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
    // The root's cookie choice wins over the browser's languages, as the root loader's detection does.
    const chosen = cache.keyFor(
      request({ headers: { "accept-language": "zh-TW" }, cookies: { i18n_redirected: "en_US" } }),
      url("/"),
    );
    expect(chosen).toBe(rootEn);
  });

  it("keys pages by the request context: a currency or site named in a header is a page of its own", () => {
    const cache = new HtmlCache(30_000);
    const plain = cache.keyFor(request(), url("/plp"));
    expect(cache.keyFor(request({ headers: { "x-currency": "USD" } }), url("/plp"))).not.toBe(plain);
    expect(cache.keyFor(request({ cookies: { currency: "USD" } }), url("/plp"))).toBe(
      cache.keyFor(request({ headers: { "x-currency": "usd" } }), url("/plp")),
    );
    expect(cache.keyFor(request({ headers: { "x-site-code": "OTHER" } }), url("/plp"))).not.toBe(plain);
    expect(cache.keyFor(request({ headers: { "x-channel-type": "APP" } }), url("/plp"))).not.toBe(plain);
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

  it("keeps pages rendered for crawlers apart from shoppers' (ADR 0293)", () => {
    const cache = new HtmlCache(30_000);
    const ua = (agent: string) => request({ headers: { "user-agent": agent } });
    const shopper = cache.keyFor(ua("Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36"), url("/"));
    const crawler = cache.keyFor(
      ua("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"),
      url("/"),
    );
    expect(crawler).not.toBeNull();
    expect(crawler).not.toBe(shopper);
    expect(cache.keyFor(ua("Mozilla/5.0 (compatible; bingbot/2.0)"), url("/"))).toBe(crawler);
  });

  it("never shares an entry between two origins (ADR 0186)", () => {
    const cache = new HtmlCache(30_000);
    const ours = cache.keyFor(request(), new URL("/plp", "http://localhost:3000"));
    const other = cache.keyFor(request(), new URL("/plp", "http://127.0.0.1:3000"));
    expect(ours).not.toBeNull();
    expect(other).not.toBeNull();
    expect(ours).not.toBe(other);
    cache.close();
  });

  it("keys a page on the query parameters pages read: unknown ones and their order share the entry", () => {
    const cache = new HtmlCache(30_000);
    const plain = cache.keyFor(request(), url("/plp?type=COUNTRY&keyword=japan"));
    expect(cache.keyFor(request(), url("/plp?keyword=japan&type=COUNTRY"))).toBe(plain);
    expect(cache.keyFor(request(), url("/plp?type=COUNTRY&x=1&keyword=japan"))).toBe(plain);
    expect(cache.keyFor(request(), url("/plp?utm_source=mail&type=COUNTRY&keyword=japan&x=2"))).toBe(plain);
    expect(cache.keyFor(request(), url("/plp?type=COUNTRY&keyword=korea"))).not.toBe(plain);
    expect(cache.keyFor(request(), url("/plp?type=COUNTRY"))).not.toBe(plain);
    // A repeated parameter keeps its values in order.
    const ab = cache.keyFor(request(), url("/plp?sourceCountryNames=A&sourceCountryNames=B"));
    expect(cache.keyFor(request(), url("/plp?sourceCountryNames=B&sourceCountryNames=A"))).not.toBe(ab);
    cache.close();
  });

  it("holds at most its byte budget, dropping the least recently used page first", () => {
    const page = (n: number) => `<html>${String(n).padStart(6, "0")}${"x".repeat(40_000)}</html>`;
    const cache = new HtmlCache(30_000, { maxBytes: 300_000 });
    for (let n = 0; n < 3; n += 1) cache.set(`k${n}`, page(n), "nonce", new Headers());
    expect(cache.get("k0")).not.toBeNull(); // k0 is now the most recently used
    for (let n = 3; n < 50; n += 1) cache.set(`k${n}`, page(n), "nonce", new Headers());
    expect(cache.bytes).toBeLessThanOrEqual(300_000);
    expect(cache.size).toBeGreaterThan(2);
    expect(cache.get("k49")).not.toBeNull();
    expect(cache.get("k1")).toBeNull();
    const html = cache.get("k49")!.replaceNonce("fresh").html.toString();
    expect(html).toBe(page(49));
    cache.close();
  });

  it("sweeps expired pages on a timer, without waiting for their URL to come back", () => {
    vi.useFakeTimers();
    const cache = new HtmlCache(1_000);
    for (let n = 0; n < 20; n += 1) cache.set(`k${n}`, `<p>${n}</p>`, "n", new Headers());
    expect(cache.size).toBe(20);
    vi.advanceTimersByTime(1_000);
    expect(cache.size).toBe(20);
    cache.set("late", "<p>late</p>", "n", new Headers());
    vi.advanceTimersByTime(1_000);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBeGreaterThan(0);
    vi.advanceTimersByTime(1_000);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    cache.close();
  });

  it("knows every query parameter a page reads (a missing one would share pages that differ)", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files = [
      ...readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
        // The console (/admin, with its page editor) is never cached (HtmlCache.keyFor), so its queries and forms are not keys.
        .filter((file) => !/^(routes\/admin[.-]|features\/(admin|page-editor)\/)/.test(file))
        .map((file) => path.join(root, "app", file)),
      path.join(root, "server/modules/catalog/product-query.ts"),
      // Pages also read their query through core/ helpers (the legal pages' htmlType, url and version).
      ...readdirSync(path.join(root, "core"), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file))
        .map((file) => path.join(root, "core", file)),
    ];
    const headers = new Set(["authorization", "cookie", "content-type", "accept-language", "user-agent"]);
    const read = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\.(?:get|getAll|has)\("([A-Za-z_]+)"\)/g)) read.add(match[1]!);
    }
    for (const name of headers) read.delete(name);
    const known = new Set(PAGE_QUERY_PARAMS);
    expect([...read].filter((name) => !known.has(name))).toEqual([]);
  });
});

describe("HtmlCache bounded by what it holds, tags included (issue 32, ADR 0315)", () => {
  afterEach(() => vi.useRealTimers());

  const headers = () => new Headers({ "content-type": "text/html" });
  const tagsOf = (prefix: string, n: number) =>
    new Set(Array.from({ length: n }, (_, i) => `${prefix}:${i}`));

  it("counts each entry's tag bookkeeping in its bytes", () => {
    const cache = new HtmlCache(60_000);
    cache.set("plain", "<p>same page</p>", "n", headers());
    const plain = cache.bytes;
    cache.clear();
    // A product list that read 500 plans' tags: their texts and the index's slots are part of what it holds.
    const tags = tagsOf("catalog:plan:JP-3GB-30D-VARIANT", 500);
    cache.set("plain", "<p>same page</p>", "n", headers(), tags);
    const textBytes = [...tags].reduce((sum, tag) => sum + tag.length * 2, 0);
    expect(cache.bytes - plain).toBeGreaterThanOrEqual(textBytes + 500 * 32);
    cache.close();
  });

  it("keeps pages with many tags within its byte budget, evicting by what they really cost", () => {
    const budget = 400_000;
    const cache = new HtmlCache(60_000, { maxBytes: budget });
    // Small pages with 500 tags each: counted by their text alone, all 100 would fit.
    for (let n = 0; n < 100; n += 1)
      cache.set(`k${n}`, `<p>${n}</p>`, "n", headers(), tagsOf(`catalog:plan:P${n}`, 500));
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get("k99")).not.toBeNull();
    expect(cache.get("k0")).toBeNull();
    cache.close();
  });

  it("prunes the tag index whenever a page leaves: evicted, replaced, expired, invalidated or cleared", () => {
    vi.useFakeTimers();
    const cache = new HtmlCache(1_000, { maxBytes: 40_000, sweepMs: 60_000 });
    const page = (n: number) => `<p>${String(n).padStart(4, "0")}${"x".repeat(8_000)}</p>`;
    // Each page reads the site, its own plan and one of three destinations.
    const tags = (n: number) => new Set(["site", `catalog:plan:P${n}`, `catalog:dest:D${n % 3}`]);
    for (let n = 0; n < 200; n += 1) cache.set(`k${n}`, page(n), "n", headers(), tags(n));
    // Evicted pages took their tags with them: only the pages held are listed.
    const held = cache.size;
    expect(held).toBeGreaterThan(1);
    expect(held).toBeLessThan(10);
    expect(cache.tagIndex).toEqual({ tags: 1 + held + 3, references: held * 3, untagged: 0 });
    // Replaced with other tags: the old ones go.
    cache.set("k199", page(199), "n", headers(), new Set(["reviews"]));
    expect(cache.tagIndex.references).toBe((held - 1) * 3 + 1);
    expect(cache.tagIndex.tags).toBe(1 + (held - 1) + 3 + 1);
    // Invalidated: every page of the site goes, and so do all of their tags.
    cache.set("untagged", "<p>u</p>", "n", headers());
    expect(cache.tagIndex.untagged).toBe(1);
    cache.invalidate(["site"]);
    expect(cache.size).toBe(1);
    expect(cache.tagIndex).toEqual({ tags: 1, references: 1, untagged: 0 });
    // Expired and swept.
    vi.advanceTimersByTime(1_001);
    cache.sweep();
    expect(cache.size).toBe(0);
    expect(cache.tagIndex).toEqual({ tags: 0, references: 0, untagged: 0 });
    // Cleared.
    for (let n = 0; n < 3; n += 1) cache.set(`c${n}`, page(n), "n", headers(), tags(n));
    cache.clear();
    expect(cache.tagIndex).toEqual({ tags: 0, references: 0, untagged: 0 });
    cache.close();
  });

  it("drops through the index exactly the pages an invalidation names, and those that recorded none", () => {
    const cache = new HtmlCache(60_000);
    for (let n = 0; n < 50; n += 1)
      cache.set(`k${n}`, `<p>${n}</p>`, "n", headers(), new Set(["site", `catalog:plan:P${n}`]));
    cache.set("unknown", "<p>?</p>", "n", headers());
    cache.invalidate(["catalog:plan:P7", "catalog:plan:P9", "catalog:plan:nowhere"]);
    expect(cache.size).toBe(48);
    expect(cache.get("k7")).toBeNull();
    expect(cache.get("k8")).not.toBeNull();
    expect(cache.get("unknown")).toBeNull();
    cache.close();
  });

  it("stores a page with an open query value from its second request on; the shop's own values at once", () => {
    const cache = new HtmlCache(60_000);
    const admitted = (path: string) => {
      const target = url(path);
      const key = cache.keyFor(request(), target);
      return key !== null && cache.admits(key, target);
    };
    // A keyword someone typed once, an unknown marketing code: never an entry of their own.
    expect(admitted("/plp?keyword=zq9xk")).toBe(false);
    expect(admitted("/?marketingCode=NO-SUCH-CAMPAIGN")).toBe(false);
    expect(admitted("/plp?marketingCode=NO-SUCH-CAMPAIGN")).toBe(false);
    expect(admitted("/plp?type=COUNTRY&keyword=japan")).toBe(false);
    // The same page asked for again is worth keeping.
    expect(admitted("/plp?keyword=zq9xk")).toBe(true);
    expect(admitted("/plp?type=COUNTRY&keyword=japan")).toBe(true);
    // Pages with no open value (the shop's own links) and no query at all are stored at once.
    expect(admitted("/plp?type=COUNTRY")).toBe(true);
    expect(admitted("/plp?categoryCode=JP&categoryName=Japan")).toBe(true);
    expect(admitted("/cmsCLP?pageCode=summer-japan")).toBe(true);
    expect(admitted("/pdp/JP-3GB-30D")).toBe(true);
    // A parameter no page reads is not part of the key, open or not.
    expect(admitted("/?utm_source=mail")).toBe(true);
    for (const name of OPEN_QUERY_PARAMS) expect(PAGE_QUERY_PARAMS).toContain(name);
    cache.close();
  });

  it("admits a stored page at once, and forgets a value seen once after ADMISSION_WINDOW others", () => {
    const cache = new HtmlCache(60_000);
    const target = url("/plp?keyword=japan");
    const key = cache.keyFor(request(), target)!;
    cache.set(key, "<p>japan</p>", "n", headers(), new Set(["catalog:lists"]));
    expect(cache.admits(key, target)).toBe(true);
    const once = url("/plp?keyword=once");
    const onceKey = cache.keyFor(request(), once)!;
    expect(cache.admits(onceKey, once)).toBe(false);
    for (let n = 0; n < ADMISSION_WINDOW; n += 1) {
      const other = url(`/plp?keyword=other-${n}`);
      expect(cache.admits(cache.keyFor(request(), other)!, other)).toBe(false);
    }
    // Too long ago: seen once again, not yet worth keeping.
    expect(cache.admits(onceKey, once)).toBe(false);
    expect(cache.admits(onceKey, once)).toBe(true);
    cache.close();
  });
});

describe("HtmlCache invalidation by the tags a page read (ADR 0245)", () => {
  const headers = () => new Headers({ "content-type": "text/html" });

  it("drops the pages that read a changed tag and keeps the others", () => {
    const cache = new HtmlCache(60_000);
    cache.set("home", "<p>home</p>", "n", headers(), new Set(["site", "content:S:en_US:type-HOME"]));
    cache.set("landing", "<p>landing</p>", "n", headers(), new Set(["site", "content:S:en_US:summer"]));
    cache.set("pdp", "<p>pdp</p>", "n", headers(), new Set(["site", "catalog"]));
    cache.invalidate(["content:S:en_US:summer"]);
    expect([cache.get("home"), cache.get("landing"), cache.get("pdp")].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    cache.invalidate(["site"]);
    expect([cache.get("home"), cache.get("pdp")].map(Boolean)).toEqual([false, false]);
    cache.close();
  });

  it("drops a page that recorded no tags on any invalidation (what it read is unknown)", () => {
    const cache = new HtmlCache(60_000);
    cache.set("unknown", "<p>x</p>", "n", headers());
    cache.invalidate(["reviews"]);
    expect(cache.get("unknown")).toBeNull();
    cache.close();
  });

  it("does not store a page whose data changed while it rendered", () => {
    const cache = new HtmlCache(60_000);
    const since = cache.mark();
    cache.invalidate(["catalog"]);
    expect(cache.set("pdp", "<p>old price</p>", "n", headers(), new Set(["catalog"]), since)).toBe(false);
    expect(cache.get("pdp")).toBeNull();
    // A change to something else it did not read does not keep it out.
    const later = cache.mark();
    cache.invalidate(["coupons"]);
    expect(cache.set("pdp", "<p>price</p>", "n", headers(), new Set(["catalog"]), later)).toBe(true);
    expect(cache.get("pdp")).not.toBeNull();
    cache.close();
  });
});

describe("a hit's CRC-32, combined from the stored parts' (ADR 0283)", () => {
  it.each([
    [1, 1],
    [100, 7],
    [117_000, 22],
    [5, 70_000],
    [65_535, 65_536],
  ])("equals zlib's CRC of the joined bytes (%i then %i bytes)", (lengthA, lengthB) => {
    const a = randomBytes(lengthA);
    const b = randomBytes(lengthB);
    expect(crc32Combine(crc32(a), crc32(b), lengthB)).toBe(crc32(Buffer.concat([a, b])));
  });

  it("gives a gzip body every browser accepts, across many cuts", () => {
    const cache = new HtmlCache(60_000);
    const nonce = "N0nceValue==";
    const html = Array.from(
      { length: 40 },
      (_, i) => `<p>${"é東".repeat(i * 37)}</p><script nonce="${nonce}">`,
    ).join("");
    expect(cache.set("k", html, nonce, new Headers({ "content-type": "text/html" }))).toBe(true);
    const hit = cache.get("k")?.gzipWithNonce("Other+Nonce/1");
    // gunzip checks the trailer's CRC-32 and length.
    expect(gunzipSync(hit?.gzip ?? Buffer.alloc(0)).toString("utf8")).toBe(
      html.split(nonce).join("Other+Nonce/1"),
    );
  });

  it("puts a shopper's values into the loader data whichever quotes its script string has (ADR 0246, 0290)", () => {
    const sentinels = {
      nickName: "NickQ",
      shortName: "ShortQ",
      loginName: "LoginQ",
      unreadNotifications: "918273645",
    };
    const data = JSON.stringify([
      { user: { nickName: "NickQ", shortName: "ShortQ", loginName: "LoginQ" } },
      918273645,
    ]);
    // As React Router writes the chunk (double-quoted), and as a production page sent whole has it (single-quoted).
    const scripts = {
      double: `streamController.enqueue(${JSON.stringify(data).replace(/</g, "\\u003c")});`,
      single: `streamController.enqueue('${singleQuotedBody(data)}');`,
    };
    const nick = `Ann <b>&"'\\ 東京</script>\u2028`;
    for (const [style, script] of Object.entries(scripts)) {
      const cache = new HtmlCache(30_000);
      const html = `<header><b>NickQ</b><i>ShortQ</i></header><script nonce="N1">${script}</script>`;
      expect(cache.set("k", html, "N1", new Headers(), new Set(), undefined, sentinels), style).toBe(true);
      const page = cache
        .get("k")
        ?.fill({
          nonce: "N2",
          nickName: nick,
          shortName: "Ann",
          loginName: "ann@x",
          unreadNotifications: "3",
        })
        .html.toString("utf8");
      const body = /<script nonce="N2">([\s\S]*)<\/script>/.exec(page ?? "")?.[1] ?? "";
      let received = "";
      new Function("streamController", body)({ enqueue: (text: string) => (received = text) });
      expect(JSON.parse(received), style).toEqual([
        { user: { nickName: nick, shortName: "Ann", loginName: "ann@x" } },
        3,
      ]);
      expect(page).toContain("<b>Ann &lt;b&gt;&amp;&quot;&#x27;\\ 東京&lt;/script&gt;\u2028</b>");
      expect(body).not.toMatch(/<|>|&/);
    }
  });
});
