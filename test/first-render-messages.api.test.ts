import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ACCESS_TOKEN_COOKIE } from "../core/constants.ts";
import { PLAN, shopper } from "../server/modules/checkout/purchase-test-kit.ts";
import { setupPageApp } from "./api.ts";

/*
 * ADR 0286, 0418: a page gets only the shell's messages and the bundles its matched routes name in their handles, so
 * a page whose first view uses a key nobody sent would show the key's name. The server renders with exactly the
 * messages the browser gets (useI18n reads the same handles), and a missing key is reported there; each page below is
 * rendered in every locale and fails on such a report. The home page's serialized data (React Router's loader
 * data, in its inline scripts) also has a budget in bytes: the page weight target of issue 15.
 */

/**
 * Bytes of inline script that carry loader data on the home page (the development renderer, en_US visitor, a
 * desktop browser): 41,488 on 2026-11-24 after ADR 0286 (about 69,000 before), 37,194 after ADR 0285 (one width
 * variant), 31,083 after ADR 0290 (single-quoted data, the common messages left to the browser build), 22,707
 * after ADR 0293 (the shell's and content's messages in per-locale modules), 22,698 after ADR 0296 (coupons' days
 * written out; this request's user agent counts as a crawler's, so its rows are whole), with a little room for
 * content. Lower it when a cut lands.
 */
const HOME_DATA_BUDGET = 23_500;

/**
 * ADR 0285: a phone browser's home (the development renderer, en_US visitor: no inlined stylesheet, which the
 * production build adds, 13.8 kB after ADR 0293). 73,376 bytes of HTML and 25,137 of loader data on 2026-11-24,
 * against 89,700 and 41,500 while the document carried both width variants; 59,817 and 20,575 after ADR 0290
 * (icons, the pictures' loading note, the plan cards' classes, React Router's scripts); 46,825 and 12,707 after
 * ADR 0293 (messages as modules, hidden slides after hydration, React Router's flags and attributes); 43,567 and
 * 11,714 after ADR 0296 (the plan row's first four cards and "Show all", coupons' days written out); with a little
 * room.
 */
const PHONE_HOME_HTML_BUDGET = 44_500;
const PHONE_HOME_DATA_BUDGET = 12_000;
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

const app = setupPageApp();

async function render(url: string, headers: Record<string, string> = {}, status = 200) {
  const res = await app.server.inject({ method: "GET", url, headers });
  expect(res.statusCode, url).toBe(status);
  return res.body;
}

/** The messages the render asked for and did not have (useI18n reports each on console.error). */
function misses(): string[] {
  return vi
    .mocked(console.error)
    .mock.calls.map((args) => String(args[0]))
    .filter((text) => text.startsWith("i18n: no message"));
}

const LOCALES = ["", "/zh_CN", "/zh_HK"];

/** A page's path in each locale: /, /zh_CN, /zh_CN?searchDialog=1, /zh_CN/plp?… */
function inEveryLocale(pages: string[]): string[] {
  return LOCALES.flatMap((prefix) =>
    pages.map((page) => (prefix === "" ? page : `${prefix}${page.replace(/^\/(?=$|\?)/, "")}`)),
  );
}

describe("every message a page's first render uses is sent with it (ADR 0286)", () => {
  const visitorPages = [
    "/",
    "/?searchDialog=1",
    "/plp?type=COUNTRY",
    `/pdp/${PLAN}`,
    "/category",
    "/login",
    "/register",
    "/logins/forget-password",
    "/logins/verification-code-login",
    "/install",
    "/ucenter/help",
    "/sfb",
  ];
  it.each(inEveryLocale(visitorPages))(
    "%s",
    async (url) => {
      const html = await render(url);
      expect(misses(), url).toEqual([]);
      // The head's texts come from the same messages: a title and a description, never a key's name or empty.
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
      expect(title).not.toMatch(/^$|^[a-zA-Z]+\.[\w.]+/);
      expect(html).not.toContain('<meta name="description" content=""');
    },
    120_000,
  );

  it("an unknown page's and an unknown plan's 404 in every locale", async () => {
    for (const prefix of LOCALES) {
      await render(`${prefix}/no-such-page`, {}, 404);
      await render(`${prefix}/pdp/NO-SUCH-PLAN`, {}, 404);
    }
    expect(misses()).toEqual([]);
  }, 120_000);

  describe("signed in", () => {
    let cookie = "";
    beforeAll(async () => {
      const who = await shopper(app, "first-render-messages@example.com");
      cookie = `${ACCESS_TOKEN_COOKIE}=${String(who.headers.authorization).slice("Bearer ".length)}`;
    }, 120_000);

    const personalPages = [
      "/",
      "/my/userInfo",
      "/ucenter/esim",
      "/ucenter/order/list",
      `/checkout?platformProductCode=${PLAN}&quantity=1`,
    ];
    it.each(inEveryLocale(personalPages))(
      "%s",
      async (url) => {
        await render(url, { cookie });
        expect(misses(), url).toEqual([]);
      },
      120_000,
    );
  });
});

/** The bytes of inline script that carry React Router's context and loader data. */
function loaderDataBytes(html: string): number {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1] ?? "")
    .filter((script) => script.includes("__reactRouterContext"))
    .reduce((sum, script) => sum + Buffer.byteLength(script), 0);
}

describe("home page weight (issue 15)", () => {
  it(`the loader data of home stays within ${HOME_DATA_BUDGET} bytes`, async () => {
    const html = await render("/");
    const data = loaderDataBytes(html);
    // The page's own text is in it (the render carried data at all), and the whole stays within the budget.
    expect(data).toBeGreaterThan(1_000);
    expect(data).toBeLessThanOrEqual(HOME_DATA_BUDGET);
    // No message travels in the page (ADR 0293): the shell's and the content pages' are per-locale modules the
    // browser loads, the account forms' come with the pages that use them, the common ones are in the browser build
    // (ADR 0290). The page is written in them all the same.
    expect(html).toContain("Skip to main content");
    for (const key of ["shell.skipToContent", "content.carousel.label", "accountUi.", "error.rateLimited"]) {
      expect(html).not.toContain(key);
    }
    // The false flags of React Router's manifest and the value of data-discover are left out (ADR 0293).
    expect(html).not.toMatch(/"has\w+":false/);
    expect(html).toContain(" data-discover>");
    expect(html).not.toContain('data-discover="true"');
    // React Router's scripts without spare bytes (ADR 0290): the data single-quoted, the manifest on one line.
    expect(html).toContain("streamController.enqueue('");
    expect(html).not.toContain('streamController.enqueue("');
    expect(html).toMatch(/window\.__reactRouterManifest = \{"/);
  }, 120_000);

  it(`a phone's home stays within ${PHONE_HOME_HTML_BUDGET} bytes and carries only the phone variant`, async () => {
    const html = await render("/", { "user-agent": PHONE_UA });
    expect(html).toContain('data-variant="home-v1"');
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(PHONE_HOME_HTML_BUDGET);
    expect(loaderDataBytes(html)).toBeLessThanOrEqual(PHONE_HOME_DATA_BUDGET);
    // The wide variant's components and block data are not in the document (seeded ids: home-d-…, home-m-…).
    expect(html).toContain('data-component-id="home-m-008"');
    expect(html).not.toContain("home-d-");
    // ADR 0290: the icons' presentation, the pictures' loading note and the plan cards' parts are CSS's.
    expect(html).toContain('<svg viewBox="0 0 24 24" class="icon ');
    expect(html).not.toContain('stroke="currentColor"');
    expect(html).not.toContain(">Loading</span>");
    expect(html).toContain("--image-loading:&quot;Loading&quot;");
    expect(html).not.toContain("plan-card-");
    // And a desktop's home carries only the wide variant.
    const wide = await render("/", { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" });
    expect(wide).toContain('data-variant="home-v2"');
    expect(wide).not.toContain("home-m-");
  }, 120_000);
});

describe("what a shopper sees only after hydration is drawn then; a crawler gets it at once (ADR 0293)", () => {
  const GOOGLEBOT =
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) " +
    "Chrome/140.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
  /** The links of the sliding list's pages and of the carousel's slides, as the page's HTML has them. */
  function hiddenParts(html: string) {
    const between = (from: string, to: string) => html.slice(html.indexOf(from), html.indexOf(to));
    const sliding = between('data-component="Sliding"', 'data-component="Recommend"');
    const carousel = between('data-component="Carousel"', 'data-component="ImageTextNav"');
    return {
      pages: [...sliding.matchAll(/<ul\b[^>]*>([\s\S]*?)<\/ul>/g)].map(
        ([, list]) => list?.match(/<li>/g)?.length ?? 0,
      ),
      slides: [...carousel.matchAll(/role="group"[^>]*>([\s\S]*?)<\/div>/g)].map(([, slide]) =>
        slide?.includes("<a ") ? 1 : 0,
      ),
    };
  }

  it("a shopper's phone gets the showing page and slide drawn, the others' boxes empty", async () => {
    const shopper = hiddenParts(await render("/", { "user-agent": PHONE_UA }));
    expect(shopper.pages).toEqual([5, 0]);
    expect(shopper.slides).toEqual([1, 0, 0]);
  }, 60_000);

  /** Home's horizontal plan row ("Hot right now", seeded with 10 plans): its cards and whether it ends in "Show all". */
  function hotRow(html: string) {
    const row = html.slice(
      html.indexOf('aria-label="Hot right now"'),
      html.indexOf('aria-label="Unlimited passes"'),
    );
    return {
      cards: row.match(/class="plan-card flex-col"/g)?.length ?? 0,
      showAll: row.includes(">Show all</button>"),
    };
  }

  it("a shopper's home row has its first four plans and Show all, in the HTML and the data (ADR 0296)", async () => {
    const html = await render("/", { "user-agent": PHONE_UA });
    expect(hotRow(html)).toEqual({ cards: 4, showAll: true });
    // The fifth plan is neither drawn nor sent; the vertical list keeps its six.
    expect(html).not.toContain("/pdp/CN-3GB-30D");
    expect(html).not.toContain("China 3GB 30 Days");
    expect(html.match(/class="plan-card flex-row"/g)).toHaveLength(6);
    // The wide variant, fetched when a phone turns wide, has its rows cut the same way.
    const answer = (await fetcherData(
      "/content/variant.data?page=HOME&variant=home-v2&_routes=routes%2Fcontent.variant",
      { "user-agent": PHONE_UA },
    )) as {
      variant: { components: { componentId: string; data: { direction?: string } }[] };
      blocks: Record<string, { products?: unknown[]; count?: number }>;
    };
    const rows = answer.variant.components.filter((c) => c.data.direction === "horizontal");
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(answer.blocks[row.componentId]?.products).toHaveLength(4);
  }, 60_000);

  it("a crawler gets every page and slide (the HTML cache keys crawlers apart: html-cache.test.ts)", async () => {
    const crawler = await render("/", { "user-agent": GOOGLEBOT });
    expect(hiddenParts(crawler).pages).toEqual([5, 5]);
    expect(hiddenParts(crawler).slides).toEqual([1, 1, 1]);
    // And the whole plan row (ADR 0296).
    expect(hotRow(crawler)).toEqual({ cards: 10, showAll: false });
    // The page tells the browser so, and a shopper's page carries no such field.
    expect(crawler).toContain('"crawler"');
    expect(await render("/", { "user-agent": PHONE_UA })).not.toContain('"crawler"');
  }, 60_000);
});

/** A resource route's answer as the browser's fetcher reads it (single fetch: turbo-stream). */
async function fetcherData(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await app.server.inject({ method: "GET", url, headers });
  expect(res.statusCode, url).toBe(200);
  const decoded = await decodeTurboStream(new Blob([new Uint8Array(res.rawPayload)]).stream(), globalThis);
  const routes = decoded.value as Record<string, { data?: unknown }>;
  return routes["routes/content.variant"]?.data;
}

describe("another width variant on demand (ADR 0285)", () => {
  const route = "routes%2Fcontent.variant";

  it("answers the wide variant of home with the block data its components read", async () => {
    const answer = (await fetcherData(
      `/content/variant.data?page=HOME&variant=home-v2&_routes=${route}`,
    )) as {
      variant: { variantId: string; components: { componentId: string; componentCode: string }[] };
      blocks: Record<string, { kind: string }>;
    };
    expect(answer.variant.variantId).toBe("home-v2");
    const ids = answer.variant.components.map((c) => c.componentId);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.every((id) => id.startsWith("home-d-"))).toBe(true);
    // The Recommend blocks' plans came with it, and none of the phone variant's blocks.
    const recommend = answer.variant.components.find((c) => c.componentCode === "Recommend");
    expect(answer.blocks[recommend?.componentId ?? ""]?.kind).toBe("products");
    expect(Object.keys(answer.blocks).every((id) => id.startsWith("home-d-"))).toBe(true);
  }, 60_000);

  it("answers in the path's locale, and no variant for an unknown one or an unknown page", async () => {
    const zh = (await fetcherData(
      `/zh_CN/content/variant.data?page=HOME&variant=home-v1&_routes=${route}`,
    )) as {
      variant: { variantId: string } | null;
    };
    expect(zh.variant?.variantId).toBe("home-v1");
    for (const query of [
      "page=HOME&variant=nope",
      "pageCode=no-such-page&variant=home-v1",
      "variant=home-v1",
      "page=HOME&variant=",
      "page=LANDING&variant=home-v1",
      "pageCode=Not_A_Code!&variant=home-v1",
    ]) {
      expect(await fetcherData(`/content/variant.data?${query}&_routes=${route}`), query).toEqual({
        variant: null,
        blocks: {},
      });
    }
  }, 60_000);
});
