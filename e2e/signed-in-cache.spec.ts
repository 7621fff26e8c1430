import { expect, hydrated, type Page, test } from "./fixtures.ts";
import { randomClientIp } from "./purchase-kit.ts";
import { registerThroughForm } from "./register-kit.ts";

// ADR 0246: a signed-in shopper's home and product page come from the shared page with their own header put in
// on the server. The first HTML already has the account menu, no visitor header shows at any moment, and the
// menu works once the page has hydrated.

function accountMenu(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /Account menu for/ });
}

/** Flags, from the first parsed node on, any moment the header shows the visitor's "Log in" link. */
async function watchForVisitorHeader(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { sawVisitorHeader?: boolean };
    w.sawVisitorHeader = false;
    const check = () => {
      const header = document.querySelector("header");
      if (!header) return;
      for (const link of header.querySelectorAll("a")) {
        if (link.textContent?.trim() === "Log in") w.sawVisitorHeader = true;
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

test("a signed-in shopper gets home and a product page from the shared cache with their own header", async ({
  page,
}) => {
  // Signing up and five page loads: generous on a loaded machine.
  test.setTimeout(240_000);
  const email = `cached-${Date.now().toString(36)}-w${test.info().workerIndex}@example.com`;
  const nick = email.split("@")[0]!;
  // A client of its own: earlier journeys' code sends from the shared address would ask for a captcha (ADR 0321).
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  await page.goto("/register?pageFrom=%2F");
  await registerThroughForm(page, email);
  // Signing up goes on to home, which a loaded machine can take a while to load.
  await expect(accountMenu(page)).toBeVisible({ timeout: 60_000 });
  await watchForVisitorHeader(page);

  for (const path of ["/", "/pdp/JP-3GB-30D"]) {
    // Once to have the shared page stored, then the page as the shopper sees it.
    expect((await page.request.get(path)).status()).toBe(200);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-html-cache"]).toBe("hit");
    expect(response?.headers()["cache-control"]).toBe("private, no-cache");
    const html = await response!.text();
    // The first HTML has the shopper's menu and not the visitor's links.
    // The nickname sits in a <bdi> inside the menu's label (ADR 0314).
    expect(html).toMatch(new RegExp(`Account menu for (?:<span>)?<bdi>${nick}</bdi>`));
    expect(html).not.toMatch(/>Log in</);
    await hydrated(page);
    await expect(accountMenu(page)).toContainText(`${nick.slice(0, 6)}…`, { timeout: 30_000 });
    expect(
      await page.evaluate(() => (window as unknown as { sawVisitorHeader: boolean }).sawVisitorHeader),
    ).toBe(false);
  }

  // After hydration the menu is the live one: it opens, reads the credit balance and navigates.
  const credit = page.waitForResponse((r) => r.url().includes("/o2sfb/v1/customer/credit"));
  await accountMenu(page).click();
  expect((await credit).status()).toBe(200);
  await expect(page.getByRole("link", { name: /^Invite rewards/ })).toBeVisible();
  await page.getByRole("link", { name: "Account info" }).click();
  await expect(page).toHaveURL(/\/my\/userInfo$/, { timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Account information" })).toBeVisible({ timeout: 30_000 });
});
