import { LOCALE_COOKIE } from "../core/constants.ts";
import { catalogues } from "../core/i18n/index.ts";
import { expect, mobile, type Page, test } from "./fixtures.ts";

// spec 2: every route exists without a prefix and with /en_US, /zh_CN and /zh_HK; spec 9: en_US is the default.

async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((elements) =>
      elements.map((link) => [
        link.getAttribute("hreflang"),
        new URL((link as HTMLLinkElement).href).pathname,
      ]),
    );
  return Object.fromEntries(links);
}

test.describe("locale prefixes", () => {
  const cases = [
    { path: "/", lang: "en-US" },
    { path: "/en_US", lang: "en-US" },
    { path: "/zh_CN", lang: "zh-CN" },
    { path: "/zh_HK", lang: "zh-HK" },
  ];
  for (const { path, lang } of cases) {
    test(`${path} renders the home page in ${lang}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(path);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await alternates(page)).toEqual({
        en: "/",
        "zh-CN": "/zh_CN",
        "zh-HK": "/zh_HK",
        "x-default": "/",
      });
    });
  }

  test("a deeper page lists its own path in every locale", async ({ page }) => {
    await page.goto("/zh_HK/404");
    expect(await alternates(page)).toEqual({
      en: "/404",
      "zh-CN": "/zh_CN/404",
      "zh-HK": "/zh_HK/404",
      "x-default": "/404",
    });
  });

  test.describe("on a phone", () => {
    test.use(mobile);
    test("/zh_CN renders in zh-CN", async ({ page }) => {
      const response = await page.goto("/zh_CN");
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    });
  });
});

test.describe("pages that do not exist", () => {
  for (const path of ["/fr_FR", "/xx_YY/plp", "/no-such-page"]) {
    test(`${path} answers 404 with 'Page Not Found'`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Page Not Found: ${path}`);
      await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
      await expect(page.getByRole("link", { name: catalogues.en_US["error.backHome"] })).toHaveAttribute(
        "href",
        "/",
      );
    });
  }

  test("/zh_CN/no-such-page answers 404 in Chinese", async ({ page }) => {
    const response = await page.goto("/zh_CN/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found: /zh_CN/no-such-page");
    const home = page.getByRole("link", { name: catalogues.zh_CN["error.backHome"] });
    await expect(home).toHaveAttribute("href", "/zh_CN");
    await home.click();
    await expect(page).toHaveURL("/zh_CN");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("/zh_HK/no-such-page answers 404 in Traditional Chinese", async ({ page }) => {
    const response = await page.goto("/zh_HK/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
    await expect(page.getByRole("link", { name: catalogues.zh_HK["error.backHome"] })).toHaveAttribute(
      "href",
      "/zh_HK",
    );
  });
});

// spec 2: the locale is detected from the cookie, else the browser language list, only on the root path.
test.describe("locale detection on the root path", () => {
  test("the i18n_redirected cookie wins", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: LOCALE_COOKIE, value: "zh_HK", url: baseURL! }]);
    const response = await page.goto("/");
    expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/`);
    await expect(page).toHaveURL("/zh_HK");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-HK");
  });

  test.describe("with a Chinese browser", () => {
    test.use({ locale: "zh-CN" });

    test("no cookie: the browser language picks /zh_CN", async ({ page }) => {
      await page.goto("/");
      await expect(page).toHaveURL("/zh_CN");
      await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    });

    test("a cookie for English keeps the root in English", async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: LOCALE_COOKIE, value: "en_US", url: baseURL! }]);
      await page.goto("/");
      await expect(page).toHaveURL("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    });

    test.describe("off the root path", () => {
      test("nothing is redirected", async ({ page, context, baseURL }) => {
        const response = await page.goto("/404");
        expect(response?.status()).toBe(404);
        expect(response?.request().redirectedFrom()).toBeNull();
        await expect(page).toHaveURL("/404");
        await context.addCookies([{ name: LOCALE_COOKIE, value: "zh_HK", url: baseURL! }]);
        await page.goto("/no-such-page");
        await expect(page).toHaveURL("/no-such-page");
        await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
      });
    });
  });

  test.describe("with an English browser", () => {
    test.use({ locale: "en-US" });
    test("the root stays unprefixed", async ({ page }) => {
      const response = await page.goto("/");
      expect(response?.request().redirectedFrom()).toBeNull();
      await expect(page).toHaveURL("/");
      await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    });
  });

  test("visiting a locale remembers it for the next visit to the root", async ({ page, context }) => {
    await page.goto("/zh_CN");
    // spec 9: cookie i18n_redirected, 365 days, path /, SameSite lax.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value)
      .toBe("zh_CN");
    const cookie = (await context.cookies()).find((c) => c.name === LOCALE_COOKIE)!;
    expect(cookie.path).toBe("/");
    expect(cookie.sameSite).toBe("Lax");
    const days = (cookie.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // spec 2: the locale switches on navigation.
    await page.goto("/zh_HK");
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === LOCALE_COOKIE)?.value)
      .toBe("zh_HK");
    await page.goto("/");
    await expect(page).toHaveURL("/zh_HK");
  });
});
