import type { Request, Route } from "@playwright/test";
import { desktop, expect, hydrated, type Page, test } from "./fixtures.ts";

// spec 2 "Navigation behaviour" and spec 9: what happens between pages. A page's data request or a lazy chunk
// is held or failed in the browser, so each state is reached on purpose, never by timing.

const PDP = "/pdp/JP-3GB-30D";
// The refund policy (a legal page) loads data on the server; the install guide has none since its messages come with
// the route's handle (ADR 0418), so its navigation has no data request to hold or fail.
const POLICY_DATA = "**/pageHtml.data*";

/** The footer's link to the refund policy, a page whose data is loaded on navigation. */
const policyLink = (page: Page) => page.getByRole("contentinfo").getByRole("link", { name: "Refund policy" });

test.use(desktop);

/** Opens a plan and waits until its links navigate inside the app. */
async function openPlan(page: Page) {
  await page.goto(PDP);
  await hydrated(page);
}

function documentRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") seen.push(request);
  });
  return seen;
}

test("a link with a hash opens the page scrolled to its target", async ({ page }) => {
  await openPlan(page);
  await page.getByRole("link", { name: "Check your device" }).click();
  await expect(page).toHaveURL(/\/install#compatibility$/);
  const target = page.locator("#compatibility");
  await expect(target).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
});

test("the 2 px loading bar shows while a page loads and goes once it has arrived", async ({ page }) => {
  await openPlan(page);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(POLICY_DATA, async (route: Route) => {
    await held;
    await route.continue();
  });

  await policyLink(page).click();
  const bar = page.getByRole("progressbar", { name: "Loading page" });
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((el) => el.getBoundingClientRect().height)).toBe(2);
  await expect(page).toHaveURL(new RegExp(`${PDP}$`));

  release();
  await expect(page).toHaveURL(/\/pageHtml\?htmlType=refundPolicy$/);
  await expect(bar).toHaveCount(0);
});

test("a page whose data fails shows the system error inside the shell, and Reload recovers", async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/pageHtml\.data|500|turbo-stream|Unable to decode|Internal Server Error/i);
  await openPlan(page);
  await page.route(POLICY_DATA, (route) =>
    route.fulfill({ status: 500, contentType: "text/plain", body: "upstream exploded at db.ts:42" }),
  );

  await policyLink(page).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("System error");
  await expect(page.getByRole("main")).not.toContainText("exploded");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();

  await page.unroute(POLICY_DATA);
  await page.getByRole("button", { name: "Reload the page" }).click();
  await expect(page).toHaveURL(/\/pageHtml\?htmlType=refundPolicy$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("System error");
  await expect(page.getByRole("heading", { name: "System error" })).toHaveCount(0);
});

test.describe("a chunk that fails to load (spec 2: reload once, guarded for 10 s)", () => {
  const DIALOG_CHUNK = /\/assets\/PreferencesDialog-[\w-]+\.js$/;

  async function openPreferences(page: Page) {
    await page
      .getByRole("banner")
      .getByRole("button", { name: /Language and currency/ })
      .click();
  }

  /** Runs an action that reloads the page, and waits until the new document has hydrated (not the old one). */
  async function reloadsOn(page: Page, action: () => Promise<void>) {
    const loaded = page.waitForEvent("load");
    await action();
    await loaded;
    await hydrated(page);
  }

  test("reloads the page once, after which the chunk loads", async ({ page, consoleErrors }) => {
    consoleErrors.allow(/PreferencesDialog|ERR_FAILED|dynamically imported module/);
    await page.goto("/");
    await hydrated(page);
    const documents = documentRequests(page);
    let failures = 0;
    await page.route(DIALOG_CHUNK, (route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort("failed");
      }
      return route.continue();
    });

    await reloadsOn(page, () => openPreferences(page));
    expect(documents).toHaveLength(1);
    await openPreferences(page);
    await expect(page.getByRole("dialog", { name: "Language and currency" })).toBeVisible();
    expect(failures).toBe(1);
    expect(documents).toHaveLength(1);
  });

  test("a page's own chunk failing on navigation reloads the page, after which the link works", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/install-|ERR_FAILED|route module|dynamically imported module/);
    await openPlan(page);
    const documents = documentRequests(page);
    let failures = 0;
    await page.route(/\/assets\/install-[\w-]+\.js$/, (route) => {
      if (failures > 0) return route.continue();
      failures += 1;
      return route.abort("failed");
    });

    // React Router reloads the page the shopper is on (ADR 0160), with fresh asset names after a deploy.
    const link = page.getByRole("link", { name: "Check your device" });
    await reloadsOn(page, () => link.click());
    expect(failures).toBe(1);
    expect(documents.map((request) => new URL(request.url()).pathname)).toEqual([PDP]);

    await link.click();
    await expect(page).toHaveURL(/\/install#compatibility$/);
    await expect(page.locator("#compatibility")).toBeVisible();
    expect(documents).toHaveLength(1);
  });

  test("a second failure within 10 s does not reload again; one after 10 s does", async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/PreferencesDialog|ERR_FAILED|dynamically imported module/);
    // The guard reads the wall clock; the test sets it, so the machine's speed cannot move a failure across 10 s.
    const start = new Date("2026-06-01T08:00:00Z").getTime();
    await page.clock.setFixedTime(start);
    await page.goto("/");
    await hydrated(page);
    const documents = documentRequests(page);
    await page.route(DIALOG_CHUNK, (route) => route.abort("failed"));

    await reloadsOn(page, () => openPreferences(page));
    expect(documents).toHaveLength(1);
    await page.clock.setFixedTime(start + 9_000);

    // The handler either reloads or reports the failure; the report means it chose not to reload.
    const reported = page.waitForEvent("console", {
      predicate: (message) => message.type() === "error" && /PreferencesDialog/.test(message.text()),
    });
    await openPreferences(page);
    await reported;
    expect(documents).toHaveLength(1);
    await expect(page.getByRole("banner")).toBeVisible();

    // Past the window, a new failure (say, a second deploy) reloads again.
    await page.goto("/");
    await hydrated(page);
    await page.clock.setFixedTime(start + 11_000);
    await reloadsOn(page, () => openPreferences(page));
    expect(documents).toHaveLength(3);
  });
});

test("the plan list remembers its scroll position, coming back or visiting it again", async ({ page }) => {
  await page.goto("/plp");
  await hydrated(page);
  const cards = page.locator("main article");
  await expect(cards.nth(9)).toBeVisible();
  const last = cards.last();
  // An exact, instant scroll (no smooth animation to race), below the first screen and above the page's end.
  const scrolled = await page.evaluate(() => {
    const top = Math.min(900, document.documentElement.scrollHeight - window.innerHeight - 50);
    window.scrollTo({ top, behavior: "instant" });
    return top;
  });
  expect(scrolled).toBeGreaterThan(300);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);

  await last.getByRole("link").click();
  await expect(page).toHaveURL(/\/pdp\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/plp$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);

  // Remembered by the page, not by the history entry: a fresh visit to the list returns there too, while a
  // page that is not remembered (the plan) opens at the top.
  await last.getByRole("link").click();
  await expect(page).toHaveURL(/\/pdp\//);
  await page.goto("/plp");
  await hydrated(page);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
});

test.describe("every route under every locale prefix (spec 2)", () => {
  const PAGES = ["/plp", "/pdp/JP-3GB-30D", "/category", "/install", "/login", "/register", "/404"];
  const PREFIXES = [
    { prefix: "", lang: "en-US" },
    { prefix: "/en_US", lang: "en-US" },
    { prefix: "/zh_CN", lang: "zh-CN" },
    { prefix: "/zh_HK", lang: "zh-HK" },
  ];

  test("answers each page in the prefix's language, and 404 for any other prefix", async ({ request }) => {
    for (const path of PAGES) {
      for (const { prefix, lang } of PREFIXES) {
        const response = await request.get(`${prefix}${path}`, { maxRedirects: 0 });
        expect(response.status(), `${prefix}${path}`).toBe(path === "/404" ? 404 : 200);
        expect(await response.text(), `${prefix}${path}`).toMatch(new RegExp(`<html lang="${lang}"`));
      }
      for (const other of ["/fr_FR", "/zh_TW", "/en_us", "/zh-CN"]) {
        const response = await request.get(`${other}${path}`, { maxRedirects: 0 });
        expect(response.status(), `${other}${path}`).toBe(404);
      }
    }
  });

  test("a protected page sends a visitor to login in the same locale", async ({ request }) => {
    for (const { prefix } of PREFIXES) {
      const response = await request.get(`${prefix}/ucenter/eSIM`, { maxRedirects: 0 });
      expect(response.status(), `${prefix}/ucenter/eSIM`).toBe(302);
      // en_US links are unprefixed (spec 9), so /en_US sends to /login.
      const login = prefix === "/en_US" ? "" : prefix;
      expect(response.headers().location).toMatch(new RegExp(`^${login}/login\\?pageFrom=`));
    }
  });
});

test("hashed assets are served immutable and pre-compressed, as the browser asks", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]);
  expect(scripts.length).toBeGreaterThan(0);
  const asset = scripts[0] as string;

  const brotli = await request.get(asset, { headers: { "accept-encoding": "br, gzip" } });
  expect(brotli.status()).toBe(200);
  expect(brotli.headers()["content-encoding"]).toBe("br");
  expect(brotli.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(brotli.headers()["content-type"]).toMatch(/javascript/);

  const gzip = await request.get(asset, { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");

  const plain = await request.get(asset, { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  // All three are the same file.
  expect(await brotli.text()).toBe(await plain.text());
  expect(await gzip.text()).toBe(await plain.text());

  // Files that are not content-hashed may change under the same name, so they are cached for an hour only.
  const icon = await request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["cache-control"]).toBe("public, max-age=3600");
});
