import { expect, hydrated, test } from "./fixtures.ts";
import { signUp } from "./purchase-kit.ts";

// ADR 0303: a page rendered whole (a visitor's) inlines the rules it uses; a signed-in shopper's own page, which
// streams, imports the built stylesheet from its inlined <style> instead of carrying all of it. Either way the
// page is styled from its first paint, and stays styled once Preact has hydrated the head.

/** Whether the shell's top bar is laid out by the stylesheet (a flex row somewhere in it), not by the defaults. */
const styled = (page: import("@playwright/test").Page) =>
  page
    .locator("header")
    .first()
    .evaluate((element) =>
      [element, ...element.querySelectorAll("*")].some((node) => getComputedStyle(node).display === "flex"),
    );

test("a signed-in shopper's order list imports the stylesheet and is styled before and after hydration", async ({
  page,
}) => {
  await signUp(page.request);
  const html = await (
    await page.request.get("/ucenter/order/list", { headers: { accept: "text/html" } })
  ).text();
  const style = /<style nonce="[^"]+" data-inline-css="(\/assets\/app-[^"]+\.css)">([^<]*)<\/style>/.exec(
    html,
  );
  expect(style?.[2]).toBe(`@import url("${style?.[1]}");`);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  await page.goto("/ucenter/order/list");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await styled(page)).toBe(true);
  await hydrated(page);
  expect(await styled(page)).toBe(true);
  await expect(page.locator("style[data-inline-css]")).toHaveCount(1);
});

test("a visitor's page still inlines only the rules it uses", async ({ page }) => {
  const html = await (await page.request.get("/ucenter/help", { headers: { accept: "text/html" } })).text();
  expect(html).toMatch(/<style nonce="[^"]+" data-inline-css="\/assets\/app-[^"]+\.css" data-page-css>[^@]/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
});
