import { checkA11y, expect, hydrated, mobile, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// ADR 0291: a page sent whole is complete without its scripts, so nothing of them is fetched before it has painted
// (and before its hero image, when it has one, has arrived). Lighthouse counts every request that ended before
// the largest paint on the way to it; the scripts were most of the plp's and pdp's LCP.

const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

const PAGES = [
  { name: "home", path: "/", hero: true },
  { name: "plp", path: "/plp?type=COUNTRY", hero: false },
  { name: "pdp", path: `/pdp/${PLAN}`, hero: true },
];

test.describe("the first load's scripts wait for the first paint", () => {
  test.use({ ...mobile, userAgent: PHONE_UA });

  test("the operator console is not deferred: its canvas page must answer the editor at once", async ({
    request,
  }) => {
    const html = await (await request.get("/admin/login")).text();
    expect(html).toMatch(/<link[^>]+rel="modulepreload"[^>]*>/);
    const boot = html.match(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(boot).toMatch(/^\s*import\s[^(]/m);
    expect(boot).not.toContain("await new Promise");
  });

  for (const { name, path, hero } of PAGES) {
    test(`${name}: no module is preloaded, and the boot module imports the routes after it has waited`, async ({
      request,
    }) => {
      // Warm the server's lazy chunks under another locale, so the page below is the one the HTML cache serves.
      await request.get(`/zh_HK${path === "/" ? "" : path}`, { headers: { "user-agent": PHONE_UA } });
      const html = await (await request.get(path, { headers: { "user-agent": PHONE_UA } })).text();
      expect(html.match(/<link[^>]+rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
      const boots = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(boots).toHaveLength(1);
      const boot = boots[0]?.[1] ?? "";
      // A static import would be fetched while the document is parsed.
      expect(boot).not.toMatch(/^\s*import\s[^(]/m);
      const wait = boot.indexOf("await new Promise");
      const firstImport = boot.search(/import\("\/assets\/[^"]+\.js"\)/);
      expect(wait).toBeGreaterThan(-1);
      expect(firstImport).toBeGreaterThan(wait);
      // The largest picture of a page with one is fetched first and never lazily (ADR 0143, 0285).
      const heroes = html.match(/<img\b[^>]*\bfetchpriority="high"[^>]*>/gi) ?? [];
      expect(heroes).toHaveLength(hero ? 1 : 0);
      for (const img of heroes) expect(img).not.toContain('loading="lazy"');
    });

    test(`${name}: in the browser, no script is requested before the page${hero ? " and its hero" : ""} is on screen, and the page hydrates`, async ({
      page,
    }) => {
      await page.goto(path);
      await hydrated(page);
      const timing = await page.evaluate(async () => {
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const scripts = resources.filter((entry) =>
          /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname),
        );
        const hero = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
        // The paints as Lighthouse reads them: the first contentful one, and the hero's largest-paint entry.
        const largest = await new Promise<PerformanceEntryList>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries())).observe({
            type: "largest-contentful-paint",
            buffered: true,
          }),
        );
        const heroPaint = largest.find(
          (entry) => (entry as PerformanceEntry & { element?: Element | null }).element === hero,
        );
        return {
          firstPaintAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
          heroPaintAt: hero ? (heroPaint?.startTime ?? null) : null,
          firstScriptAt: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
        };
      });
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.firstPaintAt).not.toBeNull();
      expect(timing.firstScriptAt).toBeGreaterThanOrEqual(timing.firstPaintAt ?? Number.POSITIVE_INFINITY);
      if (hero) {
        expect(timing.heroPaintAt).not.toBeNull();
        expect(timing.firstScriptAt).toBeGreaterThanOrEqual(timing.heroPaintAt ?? Number.POSITIVE_INFINITY);
      }
      await checkA11y(page);
    });
  }

  test("plp: a destination far below the first screen is drawn only when it nears it, and stays reachable", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const state = { shift: 0 };
      (window as unknown as { __shift: typeof state }).__shift = state;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
        }>) {
          if (!entry.hadRecentInput) state.shift += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/plp?type=COUNTRY");
    await hydrated(page);
    // Nothing on the first screen moves while the page loads and hydrates: the tiles it shows are drawn at once.
    const shift = await page.evaluate(
      () => (window as unknown as { __shift: { shift: number } }).__shift.shift,
    );
    expect(shift).toBeLessThan(0.005);
    const tiles = page.locator("[data-destination-picker] a");
    const count = await tiles.count();
    expect(count).toBeGreaterThan(200);
    // Skipped: not styled, laid out or painted (content-visibility: auto), yet in the accessibility tree.
    // A tile's contents (its flag and its two lines) are what a skipped tile leaves undrawn.
    const drawn = (index: number) =>
      tiles
        .nth(index)
        .locator("span")
        .first()
        .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await drawn(0)).toBe(true);
    expect(await drawn(count - 1)).toBe(false);
    const last = tiles.last();
    const name = (await last.locator("span").first().textContent()) ?? "";
    await expect(page.getByRole("link", { name: new RegExp(name) }).last()).toBeAttached();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(count - 1)).toBe(true);
    await expect(last).toBeInViewport();
    await last.click();
    await expect(page).toHaveURL(/\/plp\?categoryCode=/);
  });
});
