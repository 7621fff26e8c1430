import { checkA11y, expect, hydrated, mobile, test } from "./fixtures.ts";

// ADR 0143: what Lighthouse measures on a phone. The served HTML already holds the small variant, the inlined
// stylesheet and a high-priority hero image, and nothing on the page moves while it loads and hydrates.

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

test.describe("home on a phone browser", () => {
  test.use({ ...mobile, userAgent: PHONE_UA });

  test.beforeEach(async ({ request }) => {
    // A server's very first render still waits for the lazy block chunks; render home once under another URL so
    // the page below is the steady-state one the HTML cache would serve. Another locale, not a query parameter:
    // the cache key leaves out parameters no page reads (ADR 0179).
    const warm = await request.get("/zh_HK", { headers: { "user-agent": PHONE_UA } });
    expect(warm.status()).toBe(200);
  });

  test("the served HTML is the small variant, styled inline, with the hero fetched first", async ({
    request,
  }) => {
    const response = await request.get("/", { headers: { "user-agent": PHONE_UA } });
    const html = await response.text();
    expect(html).toContain('data-variant="home-v1"');
    // Only the rules the page uses are inlined (ADR 0248): less than the whole stylesheet, and what it shows.
    const style = html.match(
      /<style nonce="[^"]+" data-inline-css="(\/assets\/[^"]+\.css)" data-page-css>([^<]*)</,
    );
    expect(style).not.toBeNull();
    const [, href = "", inlined = ""] = style ?? [];
    const whole = await (await request.get(href)).text();
    expect(inlined.length).toBeGreaterThan(0);
    expect(inlined.length).toBeLessThan(whole.length * 0.7);
    expect(html).toContain('class="sr-only');
    expect(inlined).toContain(".sr-only{");
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const hero = html.match(/<img[^>]*fetchPriority="high"[^>]*>/g) ?? [];
    expect(hero).toHaveLength(1);
    expect(hero[0]).toContain('loading="eager"');
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/);
    // The scripts hydrate a page that is already complete: nothing of them is fetched before it has painted
    // (ADR 0291, e2e/first-paint-scripts.spec.ts), so the head preloads no module.
    expect(html.match(/<link[^>]+rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);

    // A desktop browser still gets the wide variant first (the HTML cache keeps the two apart).
    const wide = await request.get("/", { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" } });
    expect(await wide.text()).toContain('data-variant="home-v2"');
  });

  test("nothing moves while the page loads: the app banner and the hero are in place from the first paint", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const state = { shift: 0, heroReplaced: false };
      (window as unknown as { __firstPaint: typeof state }).__firstPaint = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
        }>) {
          if (!entry.hadRecentInput) state.shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (
              node instanceof Element &&
              node.isConnected === false &&
              node.querySelector("img[fetchpriority]")
            ) {
              state.heroReplaced = true;
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("complementary", { name: "Get the Roamly app" })).toBeVisible();
    await expect(page.locator("[data-variant]")).toHaveAttribute("data-variant", "home-v1");
    // Give late work (lazy chunks, deferred blocks, the carousel's set-up) time to land.
    await expect(page.locator("[data-carousel-ready='true']")).toHaveCount(1);
    // After hydration the whole stylesheet follows (ADR 0248), for the next pages and the states a click brings
    // in; it moves nothing either.
    await expect
      .poll(() =>
        page.evaluate(
          () => (document.querySelector<HTMLLinkElement>("link[data-full-css]")?.sheet ?? null) !== null,
        ),
      )
      .toBe(true);
    const result = await page.evaluate(
      () => (window as unknown as { __firstPaint: { shift: number; heroReplaced: boolean } }).__firstPaint,
    );
    expect(result.heroReplaced).toBe(false);
    expect(result.shift).toBeLessThan(0.005);
    await checkA11y(page);
  });

  test("the wide variant, which the phone's document leaves out, arrives when the page is widened (ADR 0285)", async ({
    page,
  }) => {
    const variantCalls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/content/variant.data")) variantCalls.push(request.url());
    });
    await page.goto("/");
    await hydrated(page);
    await expect(page.locator("[data-variant]")).toHaveAttribute("data-variant", "home-v1");
    await expect(page.locator('[data-component="Hotspot"]')).toHaveCount(0);
    expect(variantCalls).toEqual([]);

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.locator("[data-variant]")).toHaveAttribute("data-variant", "home-v2");
    // Its blocks and their data came with it: the wide-only hot-spot picture and the plans' prices.
    await expect(page.locator('[data-component="Hotspot"]')).toHaveCount(1);
    await expect(page.locator('[data-component="Recommend"] [data-price]').first()).toContainText("HK$");
    expect(variantCalls).toHaveLength(1);
    expect(variantCalls[0]).toContain("variant=home-v2");
    await checkA11y(page);

    // Back to a phone's width: the variant the document carried, without another request.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator("[data-variant]")).toHaveAttribute("data-variant", "home-v1");
    await expect(page.locator('[data-component="Hotspot"]')).toHaveCount(0);
    expect(variantCalls).toHaveLength(1);
  });

  test("the plan row shows its first four plans and brings in the rest with Show all, in place (ADR 0296)", async ({
    page,
    request,
  }) => {
    // The served page already has the four cards and the tile: hydration changes nothing in the row.
    const html = await (await request.get("/", { headers: { "user-agent": PHONE_UA } })).text();
    const served = html.slice(
      html.indexOf('aria-label="Hot right now"'),
      html.indexOf('aria-label="Unlimited passes"'),
    );
    expect(served.match(/<li>/g)).toHaveLength(5);

    const recommendCalls: URLSearchParams[] = [];
    page.on("request", (call) => {
      const url = new URL(call.url());
      if (url.pathname === "/o2pcm/v1/pub/product/recommend") recommendCalls.push(url.searchParams);
    });
    await page.goto("/");
    await hydrated(page);
    const row = page.getByRole("region", { name: "Hot right now" });
    const cards = row.locator("li a");
    await expect(cards).toHaveCount(4);
    expect(recommendCalls).toEqual([]);
    const showAll = row.getByRole("button", { name: "Show all: Hot right now" });
    await showAll.scrollIntoViewIfNeeded();
    await checkA11y(page);
    await showAll.click();
    // The rest of the ten, after the fourth, in the list's order; the tile is gone and the fifth plan has the focus.
    await expect(cards).toHaveCount(10);
    await expect(showAll).toHaveCount(0);
    expect(recommendCalls).toHaveLength(1);
    expect(recommendCalls[0]?.get("recommendCode")).toBe("HOME_HOT");
    expect(recommendCalls[0]?.get("size")).toBe("6");
    await expect(cards.nth(4)).toBeFocused();
    await expect(cards.nth(4)).toHaveAttribute("href", "/pdp/CN-3GB-30D");
    await expect(cards.nth(9)).toContainText("HK$");
    const codes = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(new Set(codes).size).toBe(10);
  });
});
