import { expect, hydrated, mobile, test } from "./fixtures.ts";

// spec 2: a link with ?searchDialog=true opens the search overlay. The server renders it open (issue 10), so it
// shows before the page's scripts have run.

test.use(mobile);

test("the served HTML of ?searchDialog=true already holds the open overlay, and only that URL does", async ({
  request,
}) => {
  const open = await (await request.get("/zh_HK?searchDialog=true")).text();
  expect(open).toMatch(/role="dialog"[^>]*aria-modal="true"/);
  expect(open).toContain("搜尋目的地");
  const closed = await (await request.get("/zh_HK")).text();
  expect(closed).not.toMatch(/role="dialog"[^>]*aria-modal="true"/);
});

test("once hydrated the server-rendered overlay works: typing, then Escape closes it", async ({ page }) => {
  await page.goto("/?searchDialog=true");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Search destinations" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/searchDialog/);
});
