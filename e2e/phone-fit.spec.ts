import { randomUUID } from "node:crypto";
import { checkA11y, desktop, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { overflowingText } from "./look-kit.ts";
import { FETCH_HEADERS, PLAN, randomClientIp, signUp } from "./purchase-kit.ts";

// Issue 12 (ADR 0253): on a phone a destination's plan list keeps its filters behind a "Filters" button (with the
// count of active filters), so the first plan is on the first screen; and long prices (HK$1,043.00 and up) wrap
// instead of being clipped in checkout, the order summary, plan cards and the area-code picker.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

const JAPAN = "/plp?categoryCode=JP&categoryName=Japan";

/** Prices shown cut ("HK$1,04…" or clipped "HK$1,043.("): an ellipsis or a box narrower than its text. */
async function cutPrices(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) =>
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && /(HK|US)\$\s?[\d,]+/.test(node.textContent ?? ""),
        ),
      )
      .filter((element) => element.getBoundingClientRect().width > 1)
      .filter((element) => {
        const style = getComputedStyle(element);
        return (
          style.textOverflow === "ellipsis" ||
          style.webkitLineClamp !== "none" ||
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => (element.textContent ?? "").trim().slice(0, 60)),
  );
}

async function fits(page: Page, what: string) {
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  await expect.poll(() => overflowingText(page), { message: `clipped text on ${what}` }).toEqual([]);
  expect(await cutPrices(page), `cut prices on ${what}`).toEqual([]);
}

test.describe("a destination's plans on a phone", () => {
  test.use(mobile);

  test("the first plan is on the first screen; filters open in a sheet from a button that counts them", async ({
    page,
  }) => {
    await page.goto(JAPAN);
    await hydrated(page);
    const firstPlan = page.locator("main article").first();
    await expect(firstPlan).toBeInViewport({ ratio: 1 });
    // The filters are behind one button, the sort order beside it.
    await expect(page.getByRole("region", { name: "Filters" })).toBeHidden();
    const open = page.getByRole("button", { name: "Filters", exact: true });
    await expect(open).toBeVisible();
    await expect(page.locator("[data-plp-filter-bar]").getByRole("combobox")).toBeVisible();
    await checkA11y(page);

    await open.click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect(sheet).toBeVisible();
    await sheet.getByRole("link", { name: "Unlimited" }).click();
    await expect(page).toHaveURL(/unlimited=1/);
    await expect(sheet.getByRole("link", { name: "Unlimited" })).toHaveAttribute("aria-current", "true");
    await sheet.getByRole("link", { name: "Up to 3 GB" }).click();
    await expect(page).toHaveURL(/data=upTo3GB/);
    await checkA11y(page);
    const show = sheet.getByRole("button", { name: /^Show \d+ plans?$/ });
    await expect(show).toBeVisible();
    await show.click();
    await expect(sheet).toBeHidden();
    const counted = page.getByRole("button", { name: /^Filters\s*2\s*active$/ });
    await expect(counted).toBeVisible();
    await expect(counted).toContainText("2");
    await expect(counted).toBeFocused();

    // The keyboard opens and closes the sheet too; Clear filters empties the count.
    await page.keyboard.press("Enter");
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(counted).toBeFocused();
    await counted.click();
    await sheet.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/unlimited=1|data=/);
    await sheet.getByRole("button", { name: /^Show \d+ plans?$/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole("button", { name: "Filters", exact: true })).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(firstPlan).toBeInViewport({ ratio: 1 });
  });
});

test.describe("a destination's plans on a desktop", () => {
  test.use(desktop);

  test("keeps the filters inline, with no Filters button", async ({ page }) => {
    await page.goto(JAPAN);
    await hydrated(page);
    const filters = page.getByRole("region", { name: "Filters" });
    await expect(filters).toBeVisible();
    await expect(filters.getByRole("link", { name: "Unlimited" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
  });
});

const LOCALES = [
  { prefix: "", tag: "en_US", phone: "Phone" },
  { prefix: "/zh_HK", tag: "zh_HK", phone: "手機號碼" },
];

test.describe("long prices at 390 px", () => {
  test.use(mobile);

  for (const locale of LOCALES) {
    test(`checkout, the order list and page, plan cards and the area-code picker fit (${locale.tag}, HKD)`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signUp(page.request, `fit-${randomUUID().slice(0, 12)}@example.com`);
      // Thirteen plans: a total over HK$1,000 ("HK$1,118.00").
      await page.goto(`${locale.prefix}/checkout?platformProductCode=${PLAN}&quantity=13`);
      const total = page.getByTestId("checkout-total");
      await expect(total).toHaveText(/HK\$1,\d{3}\.\d\d/);
      await fits(page, `checkout ${locale.tag}`);

      const placed = await page.request.post("/o2ord/v1/customer/orders", {
        headers: { ...FETCH_HEADERS, "x-currency": "HKD", "idempotency-key": randomUUID() },
        data: { platformProductCode: PLAN, quantity: 13 },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const code = (await placed.json()).code as string;
      await page.goto(`${locale.prefix}/my/order/list`);
      await expect(page.locator(`[data-order="${code}"]`)).toContainText(/HK\$1,\d{3}\.\d\d/);
      await fits(page, `order list ${locale.tag}`);
      // The order's page in en_US only: in zh_HK it fails hydration today (its date text differs between the
      // server's and the browser's zh-HK formats), which is outside this test.
      if (locale.tag === "en_US") {
        await page.goto(`${locale.prefix}/my/order/${code}`);
        await expect(page.locator("main")).toContainText(/HK\$1,\d{3}\.\d\d/);
        await fits(page, `order page ${locale.tag}`);
      }

      await page.goto(`${locale.prefix}${JAPAN}`);
      await expect(page.locator("main article").first()).toBeVisible();
      await fits(page, `plan list ${locale.tag}`);

      await page.context().clearCookies();
      await page.goto(`${locale.prefix}/register`);
      await hydrated(page);
      await page.getByRole("radio", { name: locale.phone }).check();
      await expect(page.locator('select[name="internationalTelCode"] option')).not.toHaveCount(1);
      await fits(page, `area-code picker ${locale.tag}`);
    });
  }
});
