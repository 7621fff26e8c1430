import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// Issue 31 "Done when", first bullet: an operator adds a banner linking to Japan at position 2, for every width and
// in en_US and zh_CN (two texts), and publishes both; a shopper at 390 and 1440 px, in en_US and zh_CN, sees it
// and its tap opens Japan's plans; on the APP channel the same tap goes through /uniapp. The harness runs axe on
// every page visited (the editor included).

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

const IMAGE = "/media/banner/summer-japan.svg";

/** Duplicates the seeded "Summer in Japan" page of one language under `code` (its three width ranges kept). */
async function duplicate(page: Page, lang: string, code: string, title: string) {
  await page.goto("/admin/pages");
  await hydrated(page);
  const row = page.locator("form", { has: page.getByLabel(`New code (summer-japan, ${lang})`) });
  await row.getByLabel(`New code (summer-japan, ${lang})`).fill(code);
  await row.getByLabel("New title").fill(title);
  await row.getByRole("button", { name: "Duplicate summer-japan" }).click();
  await expect(page.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
  await hydrated(page);
}

/** Selects the tree's block at a 1-based position. */
async function selectBlock(page: Page, position: number) {
  await page
    .getByRole("navigation", { name: "Blocks" })
    .getByTestId("tree-item")
    .nth(position - 1)
    .click();
}

test("a banner added in every width and two languages links to Japan for shoppers on the web and in the app", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  await signInAsOperator(page, await createOperator(page, "merchandiser"));
  const code = `e2e-spring-${randomUUID().slice(0, 6)}`;
  await duplicate(page, "zh_HK", code, "春日日本（香港）");
  await duplicate(page, "zh_CN", code, "春日日本");
  await duplicate(page, "en_US", code, "Spring in Japan");

  // The editor says which ranges and languages the page has.
  const ranges = page.getByTestId("page-ranges");
  await expect(ranges.getByRole("listitem")).toHaveCount(3);
  await expect(ranges.getByRole("listitem").first()).toHaveText("0–1199 px (editing)");
  const languages = page.getByTestId("page-languages");
  await expect(languages.getByRole("listitem")).toHaveText(["en_US (editing)", "Open zh_CN", "Open zh_HK"]);

  // Insert after the first block (position 2), every width, en_US and zh_CN with a title each, linked to Japan.
  await selectBlock(page, 1);
  const insert = page.getByRole("region", { name: "Add a block" });
  await insert.getByLabel("Block type").selectOption("Banner");
  await expect(insert.getByLabel("Where")).toHaveValue("after");
  await expect(insert.getByLabel("Every width (3 ranges)")).toBeChecked();
  await insert.getByRole("checkbox", { name: "zh_HK", exact: true }).uncheck();
  await expect(insert.getByRole("checkbox", { name: "Every language" })).not.toBeChecked();
  await insert.getByLabel("Title (en_US)", { exact: true }).fill("Spring data for Japan");
  await insert.getByLabel("Title (zh_CN)", { exact: true }).fill("日本春季流量");
  await insert.getByLabel("Image description (en_US)").fill("Cherry blossoms in Japan");
  await insert.getByLabel("Image description (zh_CN)").fill("日本樱花");
  await insert.getByLabel("Link type").selectOption("FIND");
  // Found by its Chinese name from the English page.
  await insert.getByLabel("Search destinations, plans, pages and notes (any language)").fill("日本");
  await insert.getByRole("button", { name: /^Japan Destination · JP/ }).click();
  await expect(insert.getByTestId("action-current")).toHaveText("Current link: Japan (Destination)");
  await insert.getByRole("button", { name: "Add block" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Block added" })).toBeVisible();
  await hydrated(page);

  // The new block is selected, second in the list, and lives in every range and both languages.
  const tree = page.getByRole("navigation", { name: "Blocks" });
  await expect(tree.getByTestId("tree-item").nth(1)).toHaveText("Banner (Banner)");
  await expect(tree.getByTestId("tree-item").nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("block-lives")).toHaveText(
    "“Banner” is in 0–1199 px, 1200–1439 px, 1440–∞ px · en_US, zh_CN",
  );
  const settings = page.getByRole("region", { name: "Settings of Banner" });
  await expect(settings.getByTestId("action-current")).toContainText("Current link:");
  await settings.getByLabel("Or type a library path (advanced)").fill(IMAGE);
  // Raw JSON is for engineers: a merchandiser sees a note instead.
  await expect(settings.getByText("Raw settings are for engineers only")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await hydrated(page);

  // The zh_CN page got the block with its own title; it gets the same image.
  await page.getByTestId("page-languages").getByRole("link", { name: "Open zh_CN" }).click();
  await expect(page.getByRole("heading", { name: "Edit 春日日本" })).toBeVisible();
  await hydrated(page);
  await selectBlock(page, 2);
  const zhSettings = page.getByRole("region", { name: "Settings of Banner" });
  await expect(zhSettings.getByLabel("Title", { exact: true })).toHaveValue("日本春季流量");
  await zhSettings.getByLabel("Or type a library path (advanced)").fill(IMAGE);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await hydrated(page);

  // Publish from the en_US page with zh_CN too; zh_HK was left out on purpose, so nothing to warn about.
  await page.getByTestId("page-languages").getByRole("link", { name: "Open en_US" }).click();
  await expect(page.getByRole("heading", { name: "Edit Spring in Japan" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByTestId("publish-differences")).toHaveCount(0);
  const publishForm = page.locator("form", {
    has: page.getByRole("button", { name: "Publish", exact: true }),
  });
  await expect(publishForm.getByRole("checkbox", { name: "zh_CN", exact: true })).toBeChecked();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version 1" })).toBeVisible();

  // Shoppers: 390 and 1440 px, en_US and zh_CN; the banner's tap opens Japan's plans.
  const shopper = await context.newPage();
  for (const [width, lang, text, alt] of [
    [390, "en_US", "Spring data for Japan", "Cherry blossoms in Japan"],
    [1440, "en_US", "Spring data for Japan", "Cherry blossoms in Japan"],
    [390, "zh_CN", "日本春季流量", "日本樱花"],
    [1440, "zh_CN", "日本春季流量", "日本樱花"],
  ] as const) {
    const prefix = lang === "en_US" ? "" : `/${lang}`;
    await shopper.setViewportSize({ width, height: 900 });
    await shopper.goto(`${prefix}/cmsCLP?pageCode=${code}`);
    const banner = shopper.getByRole("link", { name: text });
    await expect(banner, `${width} ${lang}`).toBeVisible();
    await expect(banner).toHaveAttribute("href", `${prefix}/plp?type=COUNTRY&keyword=JP`);
    await expect(banner.getByRole("img", { name: alt })).toBeAttached();
    await hydrated(shopper);
    await banner.click();
    await expect(shopper).toHaveURL(new RegExp(`^[^?]*//[^/]+${prefix}/plp\\?type=COUNTRY&keyword=JP$`));
    // Japan's plans are listed.
    await expect(shopper.locator('a[href*="/pdp/JP-"]').first()).toBeVisible();
  }

  // The APP channel: the same tap goes through the bridge route, which a browser follows on to the plans.
  const app = await context.newPage();
  await app.setExtraHTTPHeaders({ "x-channel-type": "APP" });
  await app.setViewportSize({ width: 390, height: 900 });
  await app.goto(`/cmsCLP?pageCode=${code}`);
  const inApp = app.getByRole("link", { name: "Spring data for Japan" });
  await expect(inApp).toHaveAttribute(
    "href",
    `/uniapp?path=${encodeURIComponent("/pages/goods/list?type=COUNTRY&keyword=JP")}`,
  );
  await hydrated(app);
  const bridged = app.waitForRequest((request) => request.url().includes("/uniapp"));
  await inApp.click();
  await bridged;
  await expect(app).toHaveURL(/\/plp\?(keyword=JP&type=COUNTRY|type=COUNTRY&keyword=JP)$/);
  await expect(app.locator('a[href*="JP-"]').first()).toBeVisible();
  await app.close();
  await shopper.close();
});
