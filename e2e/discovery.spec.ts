import { expect, expectToast, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { randomClientIp, signUp } from "./purchase-kit.ts";

// Discovery journeys (spec 2 /plp /pdp /category, search overlay; spec 4 campaign gate; spec 8 404).

const dialog = (page: Page) => page.getByRole("dialog", { name: "Search destinations" });
const searchBox = (page: Page) => dialog(page).getByRole("combobox", { name: "Where are you going?" });

async function openSearchFromHome(page: Page) {
  await page.goto("/");
  // Home's one search bar is the page's own (issue 12).
  await hydrated(page);
  await page.locator("main [data-search-placeholder]").click();
  await expect(page).toHaveURL(/[?&]searchDialog=true/);
  await expect(dialog(page)).toBeVisible();
  await expect(searchBox(page)).toBeFocused();
}

test.describe("search overlay", () => {
  test("home → search (typo and Chinese) → PLP with filters → PDP → buy asks to log in", async ({ page }) => {
    await openSearchFromHome(page);
    // Empty: hot words, and the placeholder shows one of them.
    await expect(dialog(page).getByRole("heading", { name: "Popular searches" })).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: "Japan", exact: true })).toBeVisible();

    // A typo still finds Japan first.
    await searchBox(page).fill("japn");
    const options = dialog(page).getByRole("option");
    await expect(options.first()).toContainText("Japan");
    await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");

    // Chinese finds it too; results show 5, then expand.
    await searchBox(page).fill("日本");
    await expect(options.first()).toContainText("Japan");
    const count = await options.count();
    expect(count).toBeLessThanOrEqual(5);
    await searchBox(page).press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await searchBox(page).press("Enter");

    await expect(page).toHaveURL(/\/plp\?.*hitName=Japan.*hitNameSource=DESTINATION.*type=COUNTRY/);
    await expect(page.getByRole("heading", { level: 1, name: "Japan eSIM data plans" })).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);

    // Filters live in the URL and reload the list.
    await page.getByRole("link", { name: "Up to 3 GB" }).click();
    await expect(page).toHaveURL(/data=upTo3GB/);
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Up to 3 GB" })).toHaveAttribute("aria-current", "true");
    await page.getByLabel("Sort by").selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(cards.first()).toContainText("Japan 3GB 30 Days");
    await expect(cards.first()).toContainText(/HK\$[\d.,]+\/GB/);

    await page.getByRole("link", { name: "Japan 3GB 30 Days" }).click();
    await expect(page).toHaveURL("/pdp/JP-3GB-30D");
    await expect(page.getByRole("heading", { level: 1, name: "Japan 3GB 30 Days" })).toBeVisible();
    await expect(page.getByText("NTT Docomo, SoftBank, KDDI (au)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Check your device" })).toHaveAttribute(
      "href",
      "/install#compatibility",
    );

    // A visitor goes to checkout too, and is asked to log in there without leaving it.
    await hydrated(page);
    await page.getByRole("link", { name: "Buy now" }).click();
    await expect(page).toHaveURL("/checkout?platformProductCode=JP-3GB-30D&quantity=1");
    await expect(page.getByRole("dialog", { name: "Log in to continue" })).toBeVisible();
  });

  test("keeps a search history, newest first; Escape closes and drops searchDialog", async ({ page }) => {
    await openSearchFromHome(page);
    await searchBox(page).fill("paris");
    await expect(dialog(page).getByRole("option").first()).toContainText("France");
    await expect(dialog(page).getByRole("option", { name: /Europe/ })).toContainText("Covers France");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/plp\?keyword=paris/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “paris”");
    await expect(page.locator("main article").first()).toContainText("France");

    await page.getByRole("banner").getByRole("link", { name: "Search destinations" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Recent searches" })).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: "paris", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    expect(new URL(page.url()).searchParams.has("searchDialog")).toBe(false);
  });

  test("shows 5 suggestions, then all of them, then 5 again", async ({ page }) => {
    await openSearchFromHome(page);
    // 'ja' matches more than five destinations (Japan, Jamaica, … and the regions that cover them).
    await searchBox(page).fill("ja");
    const options = dialog(page).getByRole("option");
    await expect(options.first()).toContainText("Japan");
    await expect(options).toHaveCount(5);
    const more = dialog(page).getByRole("button", { name: "Show more" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.click();
    await expect(options).toHaveCount(6);
    const less = dialog(page).getByRole("button", { name: "Show less" });
    await expect(less).toHaveAttribute("aria-expanded", "true");
    // Each suggestion names its kind and carries an image.
    for (const option of await options.all()) {
      await expect(option).toContainText(/Country|Region|Global/);
      await expect(option.locator("img")).toHaveAttribute("src", /\/media\//);
    }
    await less.click();
    await expect(options).toHaveCount(5);
    // A narrower query has no expander at all.
    await searchBox(page).fill("thai");
    await expect(options.first()).toContainText("Thailand");
    await expect(options).toHaveCount(3);
    await expect(dialog(page).getByRole("button", { name: /Show (more|less)/ })).toHaveCount(0);
  });

  test("the placeholder walks through the hot words, one every 3 s", async ({ page }) => {
    await page.clock.install();
    await openSearchFromHome(page);
    const popular = dialog(page).getByRole("region", { name: "Popular searches" });
    await expect(popular.getByRole("button").first()).toBeVisible();
    const hotWords = await popular.getByRole("button").allTextContents();
    expect(hotWords.length).toBeGreaterThan(2);
    expect(hotWords.length).toBeLessThanOrEqual(10);
    await expect(searchBox(page)).toHaveAttribute("placeholder", new RegExp(`^(${hotWords.join("|")})$`));
    // Stop time, then let exactly 3 s pass twice: the placeholder moves on by one word each time.
    await page.clock.pauseAt(Date.now() + 5_000);
    const start = hotWords.indexOf((await searchBox(page).getAttribute("placeholder")) ?? "");
    expect(start).toBeGreaterThanOrEqual(0);
    await page.clock.runFor(3000);
    await expect(searchBox(page)).toHaveAttribute("placeholder", hotWords[(start + 1) % hotWords.length]!);
    await page.clock.runFor(3000);
    await expect(searchBox(page)).toHaveAttribute("placeholder", hotWords[(start + 2) % hotWords.length]!);
    // Submitting the empty box searches for the word the placeholder shows (time still stopped, so it cannot move).
    const shown = hotWords[(start + 2) % hotWords.length]!;
    await searchBox(page).press("Enter");
    await page.clock.resume();
    await expect(page).not.toHaveURL(/searchDialog/);
    const url = new URL(page.url());
    if (url.pathname === "/plp") expect(url.searchParams.get("keyword")).toBe(shown);
    else expect(url.pathname).toMatch(/^\/pdp\//); // a specific word goes to its deeplink instead
    await page.goto("/?searchDialog=true");
    await expect(
      dialog(page)
        .getByRole("region", { name: "Recent searches" })
        .getByRole("button", { name: shown, exact: true }),
    ).toBeVisible();
  });

  test("keeps a signed-in shopper's history apart from the visitor's", async ({ page, context }) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
    await openSearchFromHome(page);
    await searchBox(page).fill("paris");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/plp\?keyword=paris/);

    const email = await signUp(page.request);
    await page.goto("/?searchDialog=true");
    await expect(dialog(page).getByRole("region", { name: "Popular searches" })).toBeVisible();
    // The visitor's searches are not the signed-in shopper's.
    await expect(dialog(page).getByRole("region", { name: "Recent searches" })).toHaveCount(0);
    await searchBox(page).fill("seoul");
    await searchBox(page).press("Enter");
    await expect(page).not.toHaveURL(/searchDialog/);
    await page.goto("/?searchDialog=true");
    const recent = dialog(page).getByRole("region", { name: "Recent searches" });
    await expect(recent.getByRole("button", { name: "seoul", exact: true })).toBeVisible();
    await expect(recent.getByRole("button", { name: "paris", exact: true })).toHaveCount(0);
    const stored = await page.evaluate(
      (login) => [
        localStorage.getItem(`searchHistory:product:${login}`),
        localStorage.getItem("searchHistory:product:unknown"),
      ],
      email,
    );
    expect(stored).toEqual([JSON.stringify(["seoul"]), JSON.stringify(["paris"])]);
  });

  test("a specific word jumps straight to its deeplink", async ({ page }) => {
    await openSearchFromHome(page);
    await searchBox(page).fill("Japan");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL("/pdp/JP-3GB-30D");
  });

  test.describe("on a phone", () => {
    test.use(mobile);
    test("opens from ?searchDialog=true and searches in Chinese", async ({ page }) => {
      await page.goto("/zh_CN?searchDialog=true");
      const box = page.getByRole("combobox", { name: "你要去哪里？" });
      await expect(box).toBeVisible();
      await box.fill("日本國");
      await expect(page.getByRole("option").first()).toContainText("日本");
    });
  });
});

test.describe("product list", () => {
  test("loads 20 more plans near the bottom", async ({ page }) => {
    // A bare type opens the destination picker (issue 12); any list parameter lists plans.
    await page.goto("/plp?type=COUNTRY&sort=recommended");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(20);
    // One jump to the bottom (as the End key or the scroll bar does). A long wheel fling is animated and can
    // carry on past the page it loaded to the next bottom, loading a third page, which is right for a shopper
    // but not one page.
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
    );
    await expect(cards).toHaveCount(40);
  });

  test("searching again opens over the list and closing keeps it; a filter reloads it", async ({ page }) => {
    await page.goto("/plp?categoryCode=JP");
    await hydrated(page);
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    const reloads: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith("/platform-products/search") || url.pathname.endsWith(".data"))
        reloads.push(url.pathname + url.search);
    });
    // Searching again from the list opens the overlay over it, not on home.
    await page.getByRole("main").getByRole("link", { name: "Where are you going?" }).click();
    await expect(page).toHaveURL(/\/plp\?categoryCode=JP&searchDialog=true$/);
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(page).toHaveURL("/plp?categoryCode=JP");
    await expect(cards).toHaveCount(8);
    expect(reloads).toEqual([]);
    await page.getByRole("link", { name: "Unlimited", exact: true }).click();
    await expect(page).toHaveURL(/unlimited=1/);
    await expect(cards).toHaveCount(2);
    expect(reloads.length).toBeGreaterThan(0);
  });

  test("a failed reload keeps the previous list and says why", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 500/);
    await page.goto("/plp?categoryCode=JP");
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(8);
    await page.route(/\/o2srh\/v1\/pub\/platform-products\/search/, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ failed: true, code: "error.internal", message: "Search is resting" }),
      }),
    );
    await page.getByRole("link", { name: "Unlimited", exact: true }).click();
    await expectToast(page, "Search is resting");
    await expect(page).toHaveURL(/unlimited=1/);
    await expect(cards).toHaveCount(8);
  });

  test("an ended campaign says 活动已结束; 好的 reloads the page", async ({ page }) => {
    await page.goto("/zh_CN/plp?marketingCode=MKT-SPRING-KOREA");
    const gate = page.getByRole("alertdialog", { name: "活动已结束" });
    await expect(gate).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { beforeReload?: boolean }).beforeReload = true;
    });
    const reloaded = page.waitForEvent("load");
    await gate.getByRole("button", { name: "好的" }).click();
    await reloaded;
    expect(
      await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload),
    ).toBeUndefined();
    await expect(page.getByRole("alertdialog", { name: "活动已结束" })).toBeVisible();
  });

  test("a live campaign lists its plans without a gate", async ({ page }) => {
    await page.goto("/plp?marketingCode=MKT-SUMMER-JAPAN");
    await expect(page.locator("main article")).toHaveCount(5);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });
});

test.describe("product detail", () => {
  test("an unknown product is a 404 'Page Not Found'", async ({ page }) => {
    const response = await page.goto("/pdp/NOPE-1GB-1D");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /pdp/NOPE-1GB-1D");
  });

  test("explains the plan: price, labels, data, validity, hotspot, activation, FAQ, and other plans", async ({
    page,
  }) => {
    await page.goto("/pdp/JP-3GB-30D");
    await expect(page.getByRole("heading", { level: 1, name: "Japan 3GB 30 Days" })).toBeVisible();
    // No display price above the unit price: nothing is struck through.
    await expect(page.getByTestId("unit-price")).toHaveText(/^HK\$/);
    await expect(page.getByTestId("display-price")).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: /^Best seller$/ })).toBeVisible();
    const facts = page.locator("main dl");
    await expect(facts.getByRole("definition").nth(0)).toHaveText("3 GB");
    await expect(facts.getByRole("definition").nth(1)).toHaveText("30 days");
    await expect(facts).toContainText("Hotspot and tethering allowed");
    await expect(page.getByRole("heading", { name: "Activation and validity" })).toBeVisible();
    await expect(page.getByText(/validity period starts when the eSIM first connects/)).toBeVisible();
    // The FAQ opens an answer on request.
    const answer = page.getByText("No. An eSIM can be installed on one device only.");
    await expect(answer).toBeHidden();
    await page.getByText("Can I use it on more than one phone?").click();
    await expect(answer).toBeVisible();
    // The plan switcher lists the destination's plans, this one current, and moves to another.
    const switcher = page.getByRole("navigation", { name: "Other plans for Japan" });
    await expect(switcher.getByRole("link")).toHaveCount(8);
    await expect(switcher.locator('[aria-current="page"]')).toHaveText(/^3 GB · 30 days · HK\$[\d.,]+$/);
    await switcher.getByRole("link", { name: "50 GB · 60 days" }).click();
    await expect(page).toHaveURL("/pdp/JP-50GB-60D");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Japan 50GB 60 Days");
    // A display price above the unit price is struck through beside it.
    await expect(page.getByTestId("display-price")).toContainText(/HK\$/);
    await expect(switcher.locator('[aria-current="page"]')).toHaveText(/^50 GB · 60 days · HK\$[\d.,]+$/);
  });

  test("switching currency shows the price in USD", async ({ page }) => {
    await page.goto("/pdp/JP-3GB-30D");
    await expect(page.getByTestId("unit-price")).toHaveText(/^HK\$/);
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Language and currency/ })
      .click();
    await page.getByRole("radio", { name: /USD/ }).check();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/currency=USD/);
    await expect(page.getByTestId("unit-price")).toHaveText(/^US\$\d+\.\d{2}$/);
  });

  test("carries Product JSON-LD with an offer per currency, a canonical URL and an Open Graph image", async ({
    page,
  }) => {
    await page.goto("/zh_HK/pdp/EU-5GB-30D");
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld["@type"]).toBe("Product");
    expect(ld.sku).toBe("EU-5GB-30D");
    expect(ld.offers.map((offer: { priceCurrency: string }) => offer.priceCurrency).sort()).toEqual(
      ["CNY", "EUR", "HKD", "JPY", "USD"].sort(),
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/zh_HK\/pdp\/EU-5GB-30D$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/media\/dest\/EU\.svg$/,
    );
    // A regional plan's coverage is searchable and collapsed.
    await expect(page.getByRole("button", { name: "顯示所有國家" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await page.getByRole("searchbox", { name: "搜尋國家或地區" }).fill("法國");
    await expect(page.getByText("Orange, SFR, Bouygues Telecom")).toBeVisible();
  });
});

test.describe("category store", () => {
  test("tabs per continent link each destination to its product list", async ({ page }) => {
    await page.goto("/category");
    const tabs = page.getByRole("tablist", { name: "Continents and areas" });
    await expect(tabs.getByRole("tab", { name: "Asia" })).toHaveAttribute("aria-selected", "true");
    await tabs.getByRole("tab", { name: "Asia" }).press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Europe" })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: "Europe" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tabpanel").getByRole("link", { name: "France" }).click();
    await expect(page).toHaveURL(/\/plp\?categoryCode=FR&categoryName=France&type=COUNTRY/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("France eSIM data plans");
    await page.goBack();
    await page.getByRole("tab", { name: "Regional plans" }).click();
    await page.getByRole("tabpanel").getByRole("link", { name: "Europe" }).click();
    await expect(page).toHaveURL(/categoryCode=EU.*type=REGION/);
    await expect(page.locator("main article")).toHaveCount(6);
  });

  test("destinations carry thumbnails, and a global tab lists the global plans, in Chinese too", async ({
    page,
  }) => {
    await page.goto("/zh_CN/category");
    const tabs = page.getByRole("tablist");
    await tabs.getByRole("tab", { name: "欧洲" }).click();
    const france = page.getByRole("tabpanel").getByRole("link", { name: "法国" });
    await expect(france.locator("img")).toHaveAttribute("src", "/media/thumb/FR.svg");
    await tabs.getByRole("tab", { name: "全球" }).click();
    await expect(page.getByRole("tabpanel").getByRole("link")).toHaveCount(1);
    await page.getByRole("tabpanel").getByRole("link").click();
    await expect(page).toHaveURL(/\/zh_CN\/plp\?categoryCode=GLOBAL&.*type=GLOBAL/);
    const cards = page.locator("main article");
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toContainText(/全球/);
  });
});
