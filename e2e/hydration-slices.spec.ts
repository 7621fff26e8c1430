import { expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// What hydration does, read from the page rather than timed. React hydrates in a transition that yields to input
// and paint (ADR 0417; Preact needed the slices of ADR 0294, gone with it). A page's first `Intl` object costs
// 9–20 ms (ICU loads its data): ADR 0296 keeps every one off hydration's path (messages format small numbers
// without it, the server writes dates). The plp's 219 tiles are markup, not components (ADR 0300).
//
// How a part is seen to hydrate: React marks every element it hydrated with its fiber (`__reactFiber$…`), so the
// init script counts, for each selector, the elements that carry one; markup React only set as HTML never does.

test.use(mobile);

interface Progress {
  /** How many of each selector's elements React had hydrated, noted each time `count` ran. */
  steps: Array<Record<string, number>>;
  totals: Record<string, number>;
  /** The `Intl` objects (and locale look-ups) made before the page had hydrated, every part of it. */
  intlBeforeHydrated: string[];
}

function watchHydration(selectors: Record<string, string>) {
  const w = window as unknown as { __progress: Progress; __count: () => Record<string, number> };
  const progress: Progress = { steps: [], totals: {}, intlBeforeHydrated: [] };
  w.__progress = progress;

  const note = (name: string) => {
    if (document.documentElement.dataset.hydrated !== "true") progress.intlBeforeHydrated.push(name);
  };
  const intl = Intl as unknown as Record<string, object>;
  // Not Segmenter: Playwright's own script in the page makes one while it waits for an element.
  for (const name of ["NumberFormat", "PluralRules", "DateTimeFormat", "DisplayNames", "Locale"]) {
    const real = intl[name];
    if (!real) continue;
    intl[name] = new Proxy(real, {
      construct(target, args) {
        note(name);
        return Reflect.construct(target as new (...a: unknown[]) => object, args);
      },
      get(target, key, receiver) {
        if (key === "supportedLocalesOf") note(`${name}.supportedLocalesOf`);
        return Reflect.get(target, key, receiver);
      },
    });
  }

  const hydratedByReact = (element: Element) =>
    Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
  w.__count = () => {
    const now = Object.fromEntries(
      Object.entries(selectors).map(([name, selector]) => [
        name,
        [...document.querySelectorAll(selector)].filter(hydratedByReact).length,
      ]),
    );
    for (const [name, selector] of Object.entries(selectors)) {
      progress.totals[name] = document.querySelectorAll(selector).length;
    }
    progress.steps.push(now);
    return now;
  };
}

/** What React has hydrated, once `expected` (given the totals) is met: lazy parts hydrate when their chunks arrive. */
async function settled(page: Page, expected: (totals: Record<string, number>) => Record<string, number>) {
  const read = () =>
    page.evaluate(() => {
      const w = window as unknown as { __progress: Progress; __count: () => Record<string, number> };
      w.__count();
      return w.__progress;
    });
  await expect
    .poll(async () => {
      const progress = await read();
      return JSON.stringify(progress.steps.at(-1)) === JSON.stringify(expected(progress.totals));
    })
    .toBe(true);
  return read();
}

test("plp: the destination grid is hydrated and its tiles are markup, and a tile navigates in the app", async ({
  page,
}) => {
  // ADR 0300: the 219 tiles are markup inside one element with one click listener, not components to hydrate.
  await page.addInitScript(watchHydration, {
    grid: "[data-destination-picker]",
    tiles: "[data-destination-picker] a",
    search: 'main a[href*="searchDialog=true"]',
  });
  await page.goto("/plp?type=COUNTRY");
  await hydrated(page);
  const { steps, totals, intlBeforeHydrated } = await settled(page, () => ({ grid: 1, tiles: 0, search: 1 }));
  expect(totals.tiles).toBeGreaterThan(200);
  // "219 destinations": a plural formatted without Intl (ADR 0296).
  expect(intlBeforeHydrated).toEqual([]);
  expect(steps.at(-1)).toEqual({ grid: 1, tiles: 0, search: 1 });
  // A tile, clicked or opened from the keyboard, moves within the app: the page's window stays.
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const second = page.locator("[data-destination-picker] a").nth(1);
  const name = (await second.locator("span").first().textContent()) ?? "";
  await second.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/plp\?categoryCode=/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goBack();
  await page.locator("[data-destination-picker] a").first().click();
  await expect(page).toHaveURL(/\/plp\?categoryCode=JP&categoryName=Japan/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
});

test("pdp: the Buy button, the bars and the sections below the first screen hydrate, with no Intl object", async ({
  page,
}) => {
  await page.addInitScript(watchHydration, {
    buy: 'main a[href*="/checkout?platformProductCode="]',
    topBar: "header button",
    siblings: 'nav[aria-labelledby="plan-switcher"] a',
    compatibility: 'main a[href$="/install#compatibility"]',
    footer: "footer button",
  });
  await page.goto(`/pdp/${PLAN}`);
  await hydrated(page);
  const { totals, intlBeforeHydrated } = await settled(page, (totals) => totals);
  expect(totals.siblings).toBeGreaterThan(1);
  expect(totals.buy).toBe(2);
  // The validity's "30 days" and any review's day (written by the server) need none.
  expect(intlBeforeHydrated).toEqual([]);
});

test("home: every block hydrates, and no Intl object is made", async ({ page }) => {
  await page.addInitScript(watchHydration, {
    nav: '[data-component="ImageTextNav"] a',
    sliding: '[data-component="Sliding"] button',
    showAll: '[data-component="Recommend"] button',
    unlimited: 'section[aria-label="Unlimited passes"] a',
  });
  await page.goto("/");
  await hydrated(page);
  const { totals, intlBeforeHydrated } = await settled(page, (totals) => totals);
  expect(totals).toEqual({ nav: 6, sliding: 2, showAll: 1, unlimited: 7 });
  // The plural and number formatting need no Intl, and the coupons' days are the server's.
  expect(intlBeforeHydrated).toEqual([]);
  await expect(page.locator("[data-coupon]").first()).toContainText(/Valid until \w{3} \d{1,2}, \d{4}/);
  // A hydrated block works.
  await page.getByRole("button", { name: "Show all: Hot right now" }).click();
  await expect(page.getByRole("region", { name: "Hot right now" }).locator("li a")).toHaveCount(10);
});
