import { checkA11y, desktop, expect, hydrated, type Locator, mobile, type Page, test } from "./fixtures.ts";

// Content-block pages (spec 2 "Content blocks", spec 4 carousel/tab lists/image/video/custom title, spec 8).

const RECOMMEND = "/o2pcm/v1/pub/product/recommend";

/**
 * Every component code the seeded wide home page renders at once (ADR 0011). CustomTitle needs a marketing code;
 * NoteList and ProductListPlaceholder sit in tabs that load on activation: each has its own test below (and the
 * landing page shows a NoteList at once).
 */
const HOME_CODES = [
  "Carousel",
  "Banner",
  "Recommend",
  "Sliding",
  "Hotspot",
  "Multimedia",
  "ImageTextNav",
  "CustomHtml",
  "Image",
  "Button",
  "Column",
  "Rows",
  "Grid",
  "Sticky",
  "RichText",
  "RollText",
  "CarouselContainer",
  "Tabs",
  "VerticalTabs",
  "FixedSize",
  "Square",
  "Text",
  "Video",
  "HotArea",
  "PlpSearchBarPlaceholder",
  "ProductList",
  "LiveList",
  "SingleImageCard",
  "MultipleImageCard",
  "ReceiveCoupon",
  "TitleCarousel",
];

const LOCALES = [
  {
    prefix: "",
    hot: "Hot right now",
    coupon: "Grab a coupon",
    live: "Live now",
    upcoming: "Coming up",
    replay: "Replay",
    terms: "Campaign terms",
    noMore: "That's everything",
    noData: "No data",
    loading: "Loading more...",
    regions: "Regions",
    southeastAsia: "Southeast Asia",
    login: "Log in to get coupons",
  },
  {
    prefix: "/zh_CN",
    hot: "当下热门",
    coupon: "领取优惠券",
    live: "直播中",
    upcoming: "即将开始",
    replay: "回放",
    terms: "活动条款",
    noMore: "已经加载完毕",
    noData: "暂无数据",
    loading: "数据加载中...",
    regions: "区域",
    southeastAsia: "东南亚",
    login: "登录后领取优惠券",
  },
  {
    prefix: "/zh_HK",
    hot: "人氣之選",
    coupon: "領取優惠券",
    live: "直播中",
    upcoming: "即將開始",
    replay: "重溫",
    terms: "活動條款",
    noMore: "已經載入完畢",
    noData: "暫無數據",
    loading: "數據載入中...",
    regions: "區域",
    southeastAsia: "東南亞",
    login: "登入後領取優惠券",
  },
];

function block(page: Page, code: string) {
  return page.locator(`[data-component="${code}"]`);
}

/** The hero carousel, once its lazily loaded chunk has hydrated (a loaded machine can take a while). */
async function readyCarousel(page: Page, code = "Carousel") {
  const carousel = block(page, code).locator("[aria-roledescription=carousel]");
  await expect(carousel).toHaveAttribute("data-carousel-ready", "true", { timeout: 30_000 });
  return carousel;
}

/** A tab block once hydrated, so clicks reach React. */
async function readyTabs(page: Page, code: "Tabs" | "VerticalTabs") {
  const tabs = block(page, code);
  await expect(tabs.locator("section[data-ready]").first()).toHaveAttribute("data-ready", "true", {
    timeout: 30_000,
  });
  return tabs;
}

/**
 * Clicks an element where the shopper sees it, once it has stopped moving. A locator's click first scrolls the
 * element into view, and Chrome scrolls a tab list stuck to the top of the page toward where it would sit unstuck,
 * hundreds of pixels up, a move no shopper makes before clicking a tab they see.
 */
async function clickWhereItIs(page: Page, target: Locator) {
  await expect(target).toBeInViewport();
  let box = await target.boundingBox();
  await expect
    .poll(async () => {
      const previous = box;
      box = await target.boundingBox();
      return previous !== null && box !== null && previous.y === box.y && previous.x === box.x;
    })
    .toBe(true);
  if (!box) throw new Error("the element has no box");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Recommend calls the page makes, as their query strings. */
function watchRecommend(page: Page): URLSearchParams[] {
  const seen: URLSearchParams[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === RECOMMEND) seen.push(url.searchParams);
  });
  return seen;
}

/** Fails the test if operator HTML ever runs script: no dialog may open, no marker may be set. */
function forbidScript(page: Page) {
  page.on("dialog", async (dialog) => {
    await dialog.dismiss();
    throw new Error(`operator HTML opened a dialog: ${dialog.message()}`);
  });
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => dialogs.push(dialog.message()));
  return dialogs;
}

test.describe("desktop", () => {
  test.use(desktop);

  for (const locale of LOCALES) {
    test(`home renders every block type from the published page (${locale.prefix || "/"})`, async ({
      page,
    }) => {
      await page.goto(`${locale.prefix}/`);
      for (const code of HOME_CODES) {
        await expect(block(page, code).first(), code).toBeAttached();
      }
      await expect(page.getByRole("heading", { name: locale.hot })).toBeVisible();
      await expect(page.getByRole("heading", { name: locale.coupon })).toBeVisible();
      await expect(block(page, "LiveList").getByText(locale.live).first()).toBeVisible();
      // spec 3 room status: live, not started, and a replay for anything else.
      const rooms = block(page, "LiveList").locator("li[data-room-status]");
      await expect(rooms).toHaveCount(3);
      await expect(rooms.filter({ has: page.getByText(locale.live, { exact: true }) })).toHaveAttribute(
        "data-room-status",
        "LIVING",
      );
      await expect(rooms.filter({ has: page.getByText(locale.upcoming, { exact: true }) })).toHaveAttribute(
        "data-room-status",
        "NOT_START",
      );
      await expect(rooms.filter({ has: page.getByText(locale.replay, { exact: true }) })).toHaveAttribute(
        "data-room-status",
        "ENDED",
      );
      await expect(page.getByRole("link", { name: locale.login })).toBeVisible();
      // Product prices come in the shopper's currency (HKD by default).
      await expect(block(page, "Recommend").first().locator("[data-price]").first()).toContainText("HK$");
      // ImageTextNav: six items make a grid (spec 2: grid above 4).
      await expect(block(page, "ImageTextNav").locator("ul")).toHaveAttribute("data-layout", "grid");
      // The custom title container stays hidden without the marketing code.
      await expect(block(page, "CustomTitle")).toBeEmpty();
    });
  }

  test("home keeps a title and a description per locale", async ({ page }) => {
    await page.goto("/zh_CN/");
    await expect(page).toHaveTitle("Roamly eSIM 旅行流量");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /旅行 eSIM/);
    await page.goto("/en_US/");
    await expect(page).toHaveTitle("Roamly eSIM: travel data");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /travel eSIM/);
  });

  test("images show their loading and failed states", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/);
    await page.route("**/media/banner/europe-trip.svg", (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");
    const banner = block(page, "Banner");
    await banner.scrollIntoViewIfNeeded();
    await expect(banner.locator("[data-image-state]")).toHaveAttribute("data-image-state", "error");
    await expect(banner.getByText("Failed to load")).toBeVisible();
    const hero = block(page, "Carousel").locator("[data-image-state]").first();
    await expect(hero).toHaveAttribute("data-image-state", "success");
    // Every image reserves its box up front.
    const sizes = await page
      .locator("main img")
      .evaluateAll(
        (images) =>
          images.filter((image) => !image.getAttribute("width") || !image.getAttribute("height")).length,
      );
    expect(sizes).toBe(0);
    // The hero loads at once; images well below the fold wait until the shopper scrolls near them.
    await expect(block(page, "Carousel").locator("img").first()).toHaveAttribute("loading", "eager");
    const belowFold = await page
      .locator("main img")
      .evaluateAll((images) =>
        images
          .filter((image) => image.getBoundingClientRect().top + window.scrollY > 2 * window.innerHeight)
          .map((image) => image.getAttribute("loading")),
      );
    expect(belowFold.length).toBeGreaterThan(10);
    expect(belowFold.filter((loading) => loading !== "lazy")).toEqual([]);
  });

  test("the custom title container shows when the stored marketing codes hold its target", async ({
    page,
  }) => {
    await page.addInitScript(() =>
      localStorage.setItem("parameter", JSON.stringify({ marketingCodes: ["MKT-SUMMER-JAPAN"] })),
    );
    await page.goto("/");
    await expect(block(page, "CustomTitle").getByText("Your summer Japan deal is waiting")).toBeVisible();
  });

  test("entering a live campaign's product list unlocks its custom title on home", async ({ page }) => {
    await page.goto("/plp?marketingCode=MKT-SUMMER-JAPAN");
    await expect(page.locator("h1")).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("parameter")))
      .toContain("MKT-SUMMER-JAPAN");
    await page.goto("/");
    await expect(block(page, "CustomTitle").getByText("Your summer Japan deal is waiting")).toBeVisible();
  });

  test("the hero carousel plays by itself and is operable", async ({ page }) => {
    await page.goto("/");
    const carousel = await readyCarousel(page);
    const index = async () => Number(await carousel.getAttribute("data-carousel-index"));
    // spec 9: auto-play every 3000 ms.
    const first = await index();
    await expect(carousel).not.toHaveAttribute("data-carousel-index", String(first), { timeout: 7_000 });
    await carousel.getByRole("button", { name: "Pause automatic slide show" }).click();
    await expect(carousel).toHaveAttribute("data-carousel-paused", "true");
    const held = await index();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    // The hero loops (its options say so): after the last slide comes the first.
    await expect(carousel).toHaveAttribute("data-carousel-index", String((held + 1) % 3));
    await expect(carousel.getByRole("group", { name: `${((held + 1) % 3) + 1} of 3` })).not.toHaveAttribute(
      "inert",
    );
    await carousel.getByRole("button", { name: "Previous slide" }).click();
    await expect(carousel).toHaveAttribute("data-carousel-index", String(held));
  });

  test("a non-looping carousel clamps at its ends", async ({ page }) => {
    await page.goto("/");
    await block(page, "CarouselContainer").scrollIntoViewIfNeeded();
    const carousel = await readyCarousel(page, "CarouselContainer");
    await carousel.getByRole("button", { name: "Pause automatic slide show" }).click();
    // Auto-play may have moved on before the pause: walk back to the first slide, where Previous stops.
    const previous = carousel.getByRole("button", { name: "Previous slide" });
    for (let step = 0; step < 3 && (await previous.isEnabled()); step++) await previous.click();
    await expect(carousel).toHaveAttribute("data-carousel-index", "0");
    await expect(previous).toBeDisabled();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await carousel.getByRole("button", { name: "Next slide" }).click();
    await expect(carousel).toHaveAttribute("data-carousel-index", "2");
    await expect(carousel.getByRole("button", { name: "Next slide" })).toBeDisabled();
  });

  test("tab lists load each tab on first activation and stay bounded, with See all", async ({ page }) => {
    const calls = watchRecommend(page);
    await page.goto("/");
    const tabs = await readyTabs(page, "Tabs");
    const countries = tabs.locator('[data-group="tab-country"]');
    // The first tab came with the page: no request for it, and none for the other tabs yet.
    await expect(countries.locator("li")).toHaveCount(6);
    expect(calls.filter((q) => q.get("recommendCode") === "DESTINATION_TYPE:REGION")).toHaveLength(0);

    await tabs.getByRole("tab", { name: /Regions/ }).click();
    await expect
      .poll(() => calls.filter((q) => q.get("recommendCode") === "DESTINATION_TYPE:REGION").length)
      .toBe(1);
    const regions = tabs.locator('[data-group="tab-region"]');
    await expect(regions.locator("li").first()).toBeVisible();
    await expect(regions.locator("[data-see-all] a")).toHaveAttribute("href", "/plp?type=REGION");

    // The notes tab loads its notes on activation too.
    await tabs.getByRole("tab", { name: /Travel tips/ }).click();
    await expect(tabs.locator('[data-group="tab-notes"] [data-notes] > li')).toHaveCount(4);

    // Back on the first tab, the page ends (issue 12): scrolling to the bottom loads no more, and "See all"
    // leads to every country plan.
    await tabs.getByRole("tab", { name: /Countries/ }).click();
    await expect(countries.locator("[data-sentinel]")).toHaveCount(0);
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    await expect(countries.locator("li")).toHaveCount(6);
    expect(calls.filter((q) => q.get("recommendCode") === "DESTINATION_TYPE:COUNTRY")).toHaveLength(0);
    await countries.getByRole("link", { name: "See all" }).click();
    await expect(page).toHaveURL(/\/plp\?type=COUNTRY$/);
  });

  test.describe("on a phone", () => {
    test.use(mobile);
    test("home ends: tabs show a bounded set (issue 12)", async ({ page }) => {
      await page.goto("/");
      const tabs = await readyTabs(page, "Tabs");
      await expect(tabs.locator('[data-group="tab-country"] li')).toHaveCount(6);
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
      );
      await expect(tabs.locator('[data-group="tab-country"] li')).toHaveCount(6);
      // The issue measured about 7,400 px with an ever-loading country list.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(5_500);
    });
  });

  test("tab lists say loading, no data and that's everything in each locale", async ({ page }) => {
    // Hold the regions tab's first page until its loading text has been seen; answer one category empty.
    let release: () => void = () => undefined;
    let held = Promise.resolve();
    await page.route(
      (url) =>
        url.pathname === RECOMMEND && url.searchParams.get("recommendCode") === "DESTINATION_TYPE:REGION",
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.route(
      (url) =>
        url.pathname === RECOMMEND && url.searchParams.get("recommendCode") === "CATEGORY:SOUTHEAST_ASIA",
      (route) => route.fulfill({ json: { data: [], count: 0 } }),
    );
    for (const locale of LOCALES) {
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.goto(`${locale.prefix}/`);
      const tabs = await readyTabs(page, "Tabs");
      await tabs.getByRole("tab", { name: new RegExp(locale.regions) }).click();
      const regions = tabs.locator('[data-group="tab-region"]');
      await expect(regions.getByRole("status")).toHaveText(locale.loading);
      release();
      await expect(regions.locator("li").first()).toBeVisible();

      const vertical = await readyTabs(page, "VerticalTabs");
      await vertical.getByRole("tab", { name: locale.southeastAsia }).click();
      await expect(vertical.getByRole("tabpanel").getByRole("status")).toHaveText(locale.noData);
    }
  });

  test("tabs follow the ARIA pattern with arrow keys", async ({ page }) => {
    const calls = watchRecommend(page);
    await page.goto("/");
    const vertical = await readyTabs(page, "VerticalTabs");
    const first = vertical.getByRole("tab", { name: "East Asia", exact: true });
    await first.focus();
    await page.keyboard.press("ArrowDown");
    const second = vertical.getByRole("tab", { name: "Southeast Asia" });
    await expect(second).toHaveAttribute("aria-selected", "true");
    await expect(second).toBeFocused();
    await expect
      .poll(() => calls.some((q) => q.get("recommendCode") === "CATEGORY:SOUTHEAST_ASIA"))
      .toBe(true);
    await expect(vertical.getByRole("tabpanel")).toBeVisible();
    await page.keyboard.press("End");
    await expect(vertical.getByRole("tab", { name: "Island getaways" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expect(vertical.locator("[data-skeleton]")).toHaveCount(10);
    // spec 9: each skeleton card carries the product-count placeholder.
    await expect(vertical.locator("[data-skeleton]").first()).toContainText("35K paid");
    await checkA11y(page);
  });

  test("hotspot areas are links named by their areas' names that navigate", async ({
    page,
    consoleErrors,
  }) => {
    // The product list page is another team's work in progress: its data request may still answer 404.
    consoleErrors.allow(/plp\.data/);
    await page.goto("/");
    const hotspot = block(page, "Hotspot");
    await hotspot.scrollIntoViewIfNeeded();
    await expect(hotspot.locator("section[data-ready]")).toHaveAttribute("data-ready", "true", {
      timeout: 30_000,
    });
    await hotspot.getByRole("tab", { name: "Europe" }).click();
    const france = hotspot.getByRole("link", { name: "France", exact: true });
    await expect(france).toBeVisible();
    await hotspot.getByRole("tab", { name: "Asia" }).click();
    await hotspot.getByRole("link", { name: "Japan", exact: true }).click();
    await expect(page).toHaveURL(/\/plp\?/);
    const target = new URL(page.url());
    expect(Object.fromEntries(target.searchParams)).toEqual({ keyword: "JP", type: "COUNTRY" });
  });

  test("video shows its poster until played and toggles on click", async ({ page }) => {
    await page.goto("/");
    const video = block(page, "Multimedia");
    await video.scrollIntoViewIfNeeded();
    await expect(video.locator("video")).toHaveAttribute("poster", /video-poster/);
    const play = video.getByRole("button", { name: "Play video: How eSIM works in 60 seconds" });
    await play.click();
    await expect(video.locator("video")).toHaveAttribute("data-started", "true");
    // A second click pauses it, a third plays it again.
    const pause = video.getByRole("button", { name: "Pause video: How eSIM works in 60 seconds" });
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    await pause.click();
    await expect(play).toHaveAttribute("aria-pressed", "false");
    expect(await video.locator("video").evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    await play.click();
    await expect(pause).toBeAttached();
    expect(await video.locator("video").evaluate((element: HTMLVideoElement) => element.paused)).toBe(false);
  });

  test("recommend lists show the 'New' label where it is asked for, and a 'more' link", async ({ page }) => {
    await page.goto("/");
    const hot = page.getByRole("region", { name: "Hot right now" });
    const unlimited = page.getByRole("region", { name: "Unlimited passes" });
    await expect(hot.locator("[data-direction]")).toHaveAttribute("data-direction", "horizontal");
    await expect(unlimited.locator("[data-direction]")).toHaveAttribute("data-direction", "vertical");
    await expect(hot.getByRole("link", { name: "More: Hot right now" })).toHaveAttribute(
      "href",
      "/plp?categoryCode=POPULAR",
    );
    await expect(unlimited.getByRole("link", { name: "More: Unlimited passes" })).toHaveAttribute(
      "href",
      "/plp?keyword=Unlimited",
    );
    // The unlimited list shows 'New' on exactly its plans labelled NEW (seeded: the US pass); none of the hot
    // plans is new, so that list shows no label.
    const cards = unlimited.locator("li");
    await expect(cards).toHaveCount(6);
    await expect(unlimited.getByText("New", { exact: true })).toHaveCount(1);
    await expect(cards.filter({ has: page.locator("[data-new-label]") })).toContainText("United States");
    await expect(hot.locator("[data-new-label]")).toHaveCount(0);
    // The more link lists the plans.
    await unlimited.getByRole("link", { name: "More: Unlimited passes" }).click();
    await expect(page).toHaveURL("/plp?keyword=Unlimited");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “Unlimited”");
  });

  test("sliding icons come in pages of 5", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const sliding = block(page, "Sliding");
    const links = sliding.getByRole("link");
    await expect(links).toHaveCount(5);
    await expect(links.first()).toHaveAccessibleName("Japan");
    const previous = sliding.getByRole("button", { name: "Previous page" });
    const next = sliding.getByRole("button", { name: "Next page" });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(links).toHaveCount(5);
    await expect(links.first()).toHaveAccessibleName("United Kingdom");
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(links.first()).toHaveAccessibleName("Japan");
  });

  test("vertical roll text moves on one line every 3000 ms", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const roll = block(page, "RollText").locator("section[data-direction]");
    await expect(roll).toHaveAttribute("data-direction", "vertical");
    const lines = await roll.locator("li").count();
    expect(lines).toBeGreaterThan(1);
    // Stop time, then let exactly 3000 ms pass twice: one line each time.
    await page.clock.pauseAt(Date.now() + 5_000);
    const start = Number(await roll.getAttribute("data-index"));
    await page.clock.runFor(3000);
    await expect(roll).toHaveAttribute("data-index", String((start + 1) % lines));
    await page.clock.runFor(3000);
    await expect(roll).toHaveAttribute("data-index", String((start + 2) % lines));
    // Its pause button holds the line.
    await roll.getByRole("button", { name: "Pause automatic slide show" }).click();
    await page.clock.runFor(9000);
    await expect(roll).toHaveAttribute("data-index", String((start + 2) % lines));
    await page.clock.resume();
  });

  test("horizontal roll text moves on one line every 6000 ms", async ({ page }) => {
    await page.clock.install();
    await page.goto("/cmsCLP?pageCode=summer-japan");
    await hydrated(page);
    const roll = block(page, "RollText").locator("section[data-direction]");
    await expect(roll).toHaveAttribute("data-direction", "horizontal");
    const lines = await roll.locator("li").count();
    expect(lines).toBeGreaterThan(2);
    await page.clock.pauseAt(Date.now() + 5_000);
    const start = Number(await roll.getAttribute("data-index"));
    await page.clock.runFor(6000);
    await expect(roll).toHaveAttribute("data-index", String((start + 1) % lines));
    await page.clock.runFor(6000);
    await expect(roll).toHaveAttribute("data-index", String((start + 2) % lines));
    await page.clock.resume();
  });

  test("a sticky tab list keeps each tab's scroll position", async ({ page }) => {
    // The document says whether the top bar is shown (`data-top-bar` on <html>).
    const documentElement = page.locator("html");
    await page.goto("/");
    const tabs = await readyTabs(page, "Tabs");
    const countries = tabs.locator('[data-group="tab-country"]');
    await expect(countries.locator("li")).toHaveCount(6);
    const section = tabs.locator("section[data-sticky]").first();
    await expect(section).toHaveAttribute("data-sticky", "true");
    const top = await section.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    // Read a little way into the country list, with the tab list stuck under the top bar.
    await page.evaluate((y) => window.scrollTo({ top: y, behavior: "instant" }), top + 400);
    const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
    await expect.poll(scrollY).toBeGreaterThan(Math.round(top));
    // Scrolling down tucks the top bar away; the tab list then sticks to the very top.
    await expect(documentElement).toHaveAttribute("data-top-bar", "hidden");
    const tabList = tabs.getByRole("tablist");
    await expect(tabList).toBeInViewport();
    // Where the country list sits on screen: what the shopper sees, whatever settles above the tabs meanwhile.
    const firstCountry = countries.locator("li").first();
    const onScreen = () =>
      firstCountry.evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const seen = await onScreen();
    const saved = await scrollY();
    await clickWhereItIs(page, tabList.getByRole("tab", { name: /Regions/ }));
    // A tab seen for the first time starts at the top of the tabs.
    await expect.poll(scrollY).toBeLessThan(saved - 200);
    // Going up brings the top bar back, and the tab list moves down under it.
    await expect(documentElement).toHaveAttribute("data-top-bar", "shown");
    await clickWhereItIs(page, tabList.getByRole("tab", { name: /Countries/ }));
    // Back on the first tab, the list is where the shopper left it.
    await expect(countries).toBeVisible();
    await expect.poll(onScreen).toBe(seen);
  });

  for (const locale of LOCALES) {
    test(`the landing page renders its blocks and never runs its operator's script (${locale.prefix || "/"})`, async ({
      page,
    }) => {
      forbidScript(page);
      await page.goto(`${locale.prefix}/cmsCLP?pageCode=summer-japan&pageName=Summer`);
      await expect(page.getByRole("heading", { name: locale.terms })).toBeVisible();
      for (const code of ["Banner", "Recommend", "CustomHtml", "ReceiveCoupon", "NoteList"]) {
        await expect(block(page, code).first(), code).toBeVisible();
      }
      await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", /leftWide|rightWide/);
      const html = block(page, "CustomHtml");
      await expect(html.locator("img")).toHaveCount(0);
      expect(await html.locator("[onerror], [onclick], script, iframe").count()).toBe(0);
      expect(await html.locator('a[href^="javascript"]').count()).toBe(0);
      expect(
        await page
          .locator("script:not([src])")
          .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes("alert(1)")).length),
      ).toBe(0);
      // Give a script every chance to have run.
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__xss)).toBeUndefined();
    });
  }

  test("an unknown landing page is a 404", async ({ page }) => {
    const response = await page.goto("/cmsCLP?pageCode=no-such-page");
    expect(response?.status()).toBe(404);
  });
});

test.describe("phone", () => {
  test.use(mobile);

  test("the small-screen variant is chosen and a touch pauses the carousel", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-variant]")).toHaveAttribute("data-variant", "home-v1");
    // The small variant is the shorter page.
    await expect(block(page, "Hotspot")).toHaveCount(0);
    const carousel = await readyCarousel(page);
    const first = await carousel.getAttribute("data-carousel-index");
    await expect(carousel).not.toHaveAttribute("data-carousel-index", first!, { timeout: 7_000 });
    await carousel.dispatchEvent("touchstart", { touches: [], changedTouches: [] });
    await expect(carousel).toHaveAttribute("data-carousel-paused", "true");
    const held = await carousel.getAttribute("data-carousel-index");
    await page.waitForTimeout(4_000);
    await expect(carousel).toHaveAttribute("data-carousel-index", held!);
    await carousel.dispatchEvent("touchend", { touches: [], changedTouches: [] });
    await expect(carousel).toHaveAttribute("data-carousel-paused", "false");
    await expect(carousel).not.toHaveAttribute("data-carousel-index", held!, { timeout: 7_000 });
  });
});

test.describe("preview", () => {
  test.use(desktop);

  test("a draft previews with its unknown component skipped, sanitized, and never indexed", async ({
    page,
    request,
  }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    forbidScript(page);
    const files = await (
      await request.post("/o2cms/v1/pub/pages/query-file", {
        headers: { "x-requested-with": "fetch", "x-lang": "en_US" },
        data: [{ siteCode: "O2_PLATFORM__101", queryType: "LANDING", pageCode: "summer-japan" }],
      })
    ).json();
    const document = await (await request.get(files.LANDING.filePath)).json();
    document.title = "Summer in Japan (draft)";
    // A page of its own: the seeded page's editor draft is what other journeys' canvases show.
    document.pageCode = "summer-japan-preview";
    for (const variant of document.variants) {
      variant.components.unshift(
        {
          componentId: `${variant.variantId}-unknown`,
          componentCode: "Marquee",
          componentName: "Not a real block",
          positionCode: "11",
          style: {},
          data: { text: "UNKNOWN BLOCK TEXT" },
          options: "{}",
        },
        {
          componentId: `${variant.variantId}-draft-text`,
          componentCode: "RichText",
          componentName: "Draft note",
          positionCode: "11",
          style: {},
          data: { html: '<p onmouseover="alert(3)">Draft only</p><script>window.__xss=1</script>' },
          options: "{}",
        },
      );
    }
    const saved = await request.post("/__dev/content/drafts", {
      headers: { "x-requested-with": "fetch" },
      data: { siteCode: "O2_PLATFORM__101", document },
    });
    expect(saved.ok()).toBe(true);
    const { id, preview } = await saved.json();
    // An unsigned link to the same draft is a 404 (issue 17): preview links cannot be guessed.
    expect((await page.goto(`/preview/${id}?type=subPage&siteCode=O2_PLATFORM__101`))?.status()).toBe(404);

    await page.goto(`${preview}&channel=PC&lang=en_US`);
    await expect(
      page.getByRole("status").filter({ hasText: "Preview: this page is not published yet." }),
    ).toBeVisible();
    await expect(page.getByText("Draft only")).toBeVisible();
    await expect(page.getByText("UNKNOWN BLOCK TEXT")).toHaveCount(0);
    await expect(page.locator('[data-component="Marquee"]')).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    expect(await page.locator("[onmouseover]").count()).toBe(0);
    await expect
      .poll(() => warnings.some((text) => text.includes('unknown componentCode "Marquee"')))
      .toBe(true);
    expect(await page.evaluate(() => (window as unknown as Record<string, unknown>).__xss)).toBeUndefined();

    // The published landing page is unchanged.
    await page.goto("/cmsCLP?pageCode=summer-japan");
    await expect(page.getByText("Draft only")).toHaveCount(0);
  });

  test("a home template previews with x-preview on the content calls it makes", async ({ page, request }) => {
    const files = await (
      await request.post("/o2cms/v1/pub/pages/query-file", {
        headers: { "x-requested-with": "fetch", "x-lang": "en_US" },
        data: [{ siteCode: "O2_PLATFORM__101", queryType: "HOME" }],
      })
    ).json();
    const document = await (await request.get(files.HOME.filePath)).json();
    document.title = "Home (next season)";
    // A page of its own: the seeded home's editor draft is what other journeys' canvases show.
    document.pageCode = "home-next-season";
    const saved = await request.post("/__dev/content/drafts", {
      headers: { "x-requested-with": "fetch" },
      data: { siteCode: "O2_PLATFORM__101", document },
    });
    expect(saved.ok()).toBe(true);
    const { templatePreview } = await saved.json();
    const previewHeaders: (string | undefined)[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname === RECOMMEND) previewHeaders.push(sent.headers()["x-preview"]);
    });

    await page.goto(`${templatePreview}&channel=PC&lang=en_US`);
    await expect(
      page.getByRole("status").filter({ hasText: "Preview: this page is not published yet." }),
    ).toBeVisible();
    const tabs = await readyTabs(page, "Tabs");
    await tabs.getByRole("tab", { name: /Regions/ }).click();
    await expect(tabs.locator('[data-group="tab-region"] li').first()).toBeVisible();
    expect(previewHeaders.length).toBeGreaterThan(0);
    expect(previewHeaders.every((value) => value === "1")).toBe(true);

    // The published home makes the same call without it.
    previewHeaders.length = 0;
    await page.goto("/");
    const published = await readyTabs(page, "Tabs");
    await published.getByRole("tab", { name: /Regions/ }).click();
    await expect(published.locator('[data-group="tab-region"] li').first()).toBeVisible();
    expect(previewHeaders.length).toBeGreaterThan(0);
    expect(previewHeaders.every((value) => value === undefined)).toBe(true);
  });

  test("an unknown preview is a 404", async ({ page }) => {
    const response = await page.goto("/preview/999999?type=subPage");
    expect(response?.status()).toBe(404);
  });
});

test.describe("preview query (spec 2: lang, channel, shopCode, tenantId)", () => {
  test.use(desktop);

  test("lang picks the language, and the content calls name the preview's shop and tenant", async ({
    page,
    request,
  }) => {
    const files = await (
      await request.post("/o2cms/v1/pub/pages/query-file", {
        headers: { "x-requested-with": "fetch", "x-lang": "en_US" },
        data: [{ siteCode: "O2_PLATFORM__101", queryType: "HOME" }],
      })
    ).json();
    const document = await (await request.get(files.HOME.filePath)).json();
    const saved = await request.post("/__dev/content/drafts", {
      headers: { "x-requested-with": "fetch" },
      data: { siteCode: "O2_PLATFORM__101", document },
    });
    const { id, templatePreview } = await saved.json();
    const shops: { shop?: string; tenant?: string }[] = [];
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname === RECOMMEND)
        shops.push({ shop: sent.headers()["x-online-shop"], tenant: sent.headers()["x-tenant"] });
    });

    // A signed link (issue 17, ADR 0272) with the spec's extra parameters.
    await page.goto(`${templatePreview}&channel=PC&lang=zh_HK&shopCode=SHOP_B&tenantId=42`);
    await expect(page).toHaveURL(new RegExp(`/zh_HK/preview/${id}\\?type=template`));
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
    await expect(page.getByRole("status").filter({ hasText: "預覽：此頁面尚未發佈。" })).toBeVisible();
    const tabs = await readyTabs(page, "Tabs");
    await tabs.getByRole("tab").nth(1).click();
    await expect(tabs.getByRole("tabpanel").locator("li").first()).toBeVisible();
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every(({ shop, tenant }) => shop === "SHOP_B" && tenant === "42")).toBe(true);

    // The published home (in the language just chosen) names the site's own shop and tenant.
    shops.length = 0;
    await page.goto("/zh_HK");
    const published = await readyTabs(page, "Tabs");
    await published.getByRole("tab").nth(1).click();
    await expect(published.getByRole("tabpanel").locator("li").first()).toBeVisible();
    expect(shops.length).toBeGreaterThan(0);
    expect(shops.every(({ shop, tenant }) => shop === "ROAMLY_HK" && tenant === "0")).toBe(true);
  });
});
