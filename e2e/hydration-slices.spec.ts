import { expect, hydrated, mobile, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// ADR 0294: Preact hydrates a page in one synchronous pass, and on the plp and the pdp that pass was one long task
// after the first paint (all of their Total Blocking Time in Lighthouse). The parts marked `HydrateLater` hydrate
// in tasks of their own after it. A page's first `Intl` object costs 9–20 ms (ICU loads its data): ADR 0296 keeps
// every one off hydration's path (messages format small numbers without it, the server writes dates). These checks
// read the order of things, never a duration: each fails when the work is back in one task.
//
// How a part is seen to hydrate: Preact attaches an element's listeners when it hydrates it, so the init script
// notes every element that gets a click listener. When the entry marks the page as listening (`data-listening`,
// set right after the first pass, in the same task), it notes what has hydrated; then a message to itself, a task
// at a time, notes it again until everything has: those tasks interleave with the slices' own.

test.use(mobile);

interface Progress {
  /** What had hydrated when the first pass ended, then after each of the following tasks. */
  steps: Array<Record<string, number>>;
  totals: Record<string, number>;
  /** The `Intl` objects (and locale look-ups) made before the page had hydrated, every part of it. */
  intlBeforeHydrated: string[];
}

function watchHydration(selectors: Record<string, string>) {
  const w = window as unknown as { __progress: Progress };
  const listening = new WeakSet<EventTarget>();
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

  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
    if (args[0] === "click" && this instanceof Element) listening.add(this);
    return add.apply(this, args as Parameters<typeof add>);
  } as typeof add;

  const count = () =>
    Object.fromEntries(
      Object.entries(selectors).map(([name, selector]) => [
        name,
        [...document.querySelectorAll(selector)].filter((element) => listening.has(element)).length,
      ]),
    );
  new MutationObserver((_, observer) => {
    if (document.documentElement.dataset.listening !== "true") return;
    observer.disconnect();
    for (const [name, selector] of Object.entries(selectors)) {
      progress.totals[name] = document.querySelectorAll(selector).length;
    }
    progress.steps.push(count());
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const now = count();
      progress.steps.push(now);
      const done = Object.entries(now).every(([name, n]) => n === progress.totals[name]);
      if (!done && progress.steps.length < 200) channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-listening"] });
}

test("plp: the destination grid is live after the first pass with one listener, and a tile navigates in the app", async ({
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
  const { steps, totals, intlBeforeHydrated } = await page.evaluate(
    () => (window as unknown as { __progress: Progress }).__progress,
  );
  expect(totals.tiles).toBeGreaterThan(200);
  // "219 destinations": a plural formatted without Intl (ADR 0296).
  expect(intlBeforeHydrated).toEqual([]);
  expect(steps[0]).toEqual({ grid: 1, tiles: 0, search: 1 });
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

test("pdp: the bars and the sections below the first screen hydrate after the first pass, with no Intl object", async ({
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
  const { steps, totals, intlBeforeHydrated } = await page.evaluate(
    () => (window as unknown as { __progress: Progress }).__progress,
  );
  expect(totals.siblings).toBeGreaterThan(1);
  // The Buy button and the bar at the foot of a phone's screen are live when the first pass ends; the rest is not.
  expect(steps[0]).toEqual({ buy: 2, topBar: 0, siblings: 0, compatibility: 0, footer: 0 });
  expect(steps.at(-1)).toEqual(totals);
  // The top bar first, in a task of its own; then the rest, after at least one more task.
  const topBarFirst = steps.findIndex((step) => step.topBar === totals.topBar);
  const footerAt = steps.findIndex((step) => step.footer === totals.footer);
  expect(topBarFirst).toBeGreaterThan(0);
  expect(footerAt).toBeGreaterThan(topBarFirst);
  // The validity's "30 days" and any review's day (written by the server) need none.
  expect(intlBeforeHydrated).toEqual([]);
});

test("home: the blocks below the fold hydrate after the first pass, a task each, and no Intl object is made", async ({
  page,
}) => {
  await page.addInitScript(watchHydration, {
    nav: '[data-component="ImageTextNav"] a',
    sliding: '[data-component="Sliding"] button',
    showAll: '[data-component="Recommend"] button',
    unlimited: 'section[aria-label="Unlimited passes"] a',
  });
  await page.goto("/");
  await hydrated(page);
  const { steps, totals, intlBeforeHydrated } = await page.evaluate(
    () => (window as unknown as { __progress: Progress }).__progress,
  );
  expect(totals).toEqual({ nav: 6, sliding: 2, showAll: 1, unlimited: 7 });
  // The first screen's blocks (above the fold) are live when the first pass ends; the ones below it are not.
  expect(steps[0]).toEqual({ nav: 6, sliding: 0, showAll: 0, unlimited: 0 });
  expect(steps.at(-1)).toEqual(totals);
  // Then a block a task, in the page's order (the lazy ones, tabs and coupons, when their chunks arrive).
  const at = (name: string) => steps.findIndex((step) => step[name] === totals[name]);
  expect(at("sliding")).toBeGreaterThan(0);
  expect(at("showAll")).toBeGreaterThan(at("sliding"));
  expect(at("unlimited")).toBeGreaterThan(at("showAll"));
  // The plural and number formatting need no Intl, and the coupons' days are the server's.
  expect(intlBeforeHydrated).toEqual([]);
  await expect(page.locator("[data-coupon]").first()).toContainText(/Valid until \w{3} \d{1,2}, \d{4}/);
  // A block hydrated in its own task works as before.
  await page.getByRole("button", { name: "Show all: Hot right now" }).click();
  await expect(page.getByRole("region", { name: "Hot right now" }).locator("li a")).toHaveCount(10);
});
