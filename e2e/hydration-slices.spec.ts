import { expect, hydrated, mobile, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// ADR 0294: Preact hydrates a page in one synchronous pass, and on the plp and the pdp that pass was one long task
// after the first paint (all of their Total Blocking Time in Lighthouse). The parts marked `HydrateLater` hydrate
// in tasks of their own after it, and the page's first Intl.NumberFormat (9 ms and more) is made in a task before
// it. These checks read the order of things, never a duration: each fails when the work is back in one task.
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
  /** The page's first Intl.NumberFormat was made in a task before hydration attached its first listener. */
  numberFormatBeforeHydration: boolean | null;
}

function watchHydration(selectors: Record<string, string>) {
  const w = window as unknown as { __progress: Progress };
  const listening = new WeakSet<EventTarget>();
  const progress: Progress = { steps: [], totals: {}, numberFormatBeforeHydration: null };
  w.__progress = progress;

  // A task boundary has passed since the first NumberFormat when this message has run.
  let numberFormatMade = false;
  let aTaskHasPassed = false;
  const NumberFormat = Intl.NumberFormat;
  Intl.NumberFormat = new Proxy(NumberFormat, {
    construct(target, args) {
      if (!numberFormatMade) {
        numberFormatMade = true;
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          aTaskHasPassed = true;
        };
        channel.port2.postMessage(null);
      }
      return Reflect.construct(target, args);
    },
  });

  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
    if (args[0] === "click" && this instanceof Element) {
      if (progress.numberFormatBeforeHydration === null) {
        progress.numberFormatBeforeHydration = numberFormatMade && aTaskHasPassed;
      }
      listening.add(this);
    }
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
  const { steps, totals } = await page.evaluate(
    () => (window as unknown as { __progress: Progress }).__progress,
  );
  expect(totals.tiles).toBeGreaterThan(200);
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

test("pdp: the bars and the sections below the first screen hydrate after the first pass, the first Intl.NumberFormat before it", async ({
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
  const { steps, totals, numberFormatBeforeHydration } = await page.evaluate(
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
  expect(numberFormatBeforeHydration).toBe(true);
});
