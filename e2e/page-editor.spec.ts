import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// Issue 17 "Done when": a merchandiser builds a landing page in the visual editor, previews, publishes, and rolls
// back; a shopper sees each published version. The harness runs axe on every page visited (the editor included).

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

/** Drags on the hot-area image from one point to another, given in percent of the image. */
async function drag(page: Page, from: [number, number], to: [number, number]) {
  await page.getByTestId("hot-area-canvas").scrollIntoViewIfNeeded();
  const box = (await page.getByTestId("hot-area-canvas").boundingBox())!;
  const x = (p: number) => box.x + (box.width * p) / 100;
  const y = (p: number) => box.y + (box.height * p) / 100;
  await page.mouse.move(x(from[0]), y(from[1]));
  await page.mouse.down();
  await page.mouse.move(x((from[0] + to[0]) / 2), y((from[1] + to[1]) / 2));
  await page.mouse.move(x(to[0]), y(to[1]));
  await page.mouse.up();
}

test("a merchandiser builds, previews, publishes and rolls back a landing page", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const merchandiser = await createOperator(page, "merchandiser");
  await signInAsOperator(page, merchandiser);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Pages" })
    .click();
  await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
  await hydrated(page);

  // Create a landing page.
  const code = `e2e-kyoto-${randomUUID().slice(0, 6)}`;
  const create = page.locator("section", { has: page.getByRole("heading", { name: "Create a page" }) });
  await create.getByLabel("Title").fill("Autumn in Kyoto");
  await create.getByLabel("Code").fill(code);
  await create.getByLabel("Language").selectOption("en_US");
  await create.getByLabel("Type").selectOption("LANDING");
  await create.getByRole("button", { name: "Create a page" }).click();
  await expect(page.getByRole("heading", { name: "Edit Autumn in Kyoto" })).toBeVisible();
  await hydrated(page);

  // A banner with an image uploaded through the media picker (ADR 0274), and two hot areas; an overlapping third
  // is refused and a 3 %-wide one discarded.
  await page.getByLabel("Block type").selectOption("HotArea");
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByLabel("Name").fill("Kyoto banner");
  await page.getByRole("button", { name: "Choose image…" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an image" });
  await expect(picker).toBeVisible();
  await picker.getByLabel("Upload an image").setInputFiles("e2e/fixtures/kyoto-banner.png");
  await expect(picker).toBeHidden({ timeout: 30_000 });
  const bannerImage = page.getByTestId("hot-area-canvas").locator("img");
  await expect(bannerImage).toHaveAttribute("src", /^\/media\/library\/[0-9a-f]{64}\.png$/);
  const imageUrl = (await bannerImage.getAttribute("src"))!;
  await expect(bannerImage).toBeVisible();
  await expect.poll(() => bannerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await drag(page, [2, 5], [45, 95]);
  await expect(page.getByText("Area 1 added")).toBeVisible();
  await drag(page, [50, 5], [80, 95]);
  await expect(page.getByText("Area 2 added")).toBeVisible();
  await drag(page, [30, 20], [60, 60]);
  await expect(page.getByText("Area refused: it overlaps another area")).toBeVisible();
  await drag(page, [88, 20], [91, 60]);
  await expect(page.getByText("Area discarded: under 5 % of the image in width or height")).toBeVisible();
  await expect(page.getByTestId("hot-area")).toHaveCount(2);
  await page.getByLabel("Target of area 1").fill("/plp?type=REGION");
  await page.getByLabel("Target of area 2").fill("/cmsCLP?pageCode=summer-japan");

  // A product-list block and a receive-coupon block.
  await page.getByLabel("Block type").selectOption("ProductList");
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByLabel("Name").fill("Plans for Japan");
  await page.getByLabel("Title", { exact: true }).fill("Plans for Japan");
  await page.getByLabel("Block type").selectOption("ReceiveCoupon");
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByLabel("Name").fill("Your autumn coupon");
  await page.getByLabel("Title", { exact: true }).fill("Your autumn coupon");

  // Moved by keyboard: the coupon goes above the product list.
  const tree = page.getByRole("navigation", { name: "Blocks" });
  await tree.getByRole("button", { name: /Your autumn coupon/ }).focus();
  await page.keyboard.press("Alt+ArrowUp");
  await expect(page.getByTestId("tree-announcement")).toHaveText("Your autumn coupon moved to position 2");
  await expect(tree.getByTestId("tree-item")).toHaveText([
    /Kyoto banner/,
    /Your autumn coupon/,
    /Plans for Japan/,
  ]);

  // The canvas is the storefront's renderer; placeholders fill the product list after the delay.
  await expect(page.getByTestId("editor-canvas").locator('[data-component="HotArea"]')).toBeVisible();

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await hydrated(page);

  // Preview at 390 and 1440 px through the signed link.
  const previewHref = await page.getByRole("link", { name: "Open the preview link" }).getAttribute("href");
  expect(previewHref).toMatch(/^\/preview\/\d+\?type=subPage&.*sig=/);
  for (const width of [390, 1440]) {
    const viewer = await browser.newPage({ viewport: { width, height: 900 } });
    await viewer.goto(previewHref!);
    await expect(
      viewer.getByRole("status").filter({ hasText: "Preview: this page is not published yet." }),
    ).toBeVisible();
    await expect(viewer.getByRole("link", { name: "Kyoto banner: 1" })).toBeVisible();
    await viewer.close();
  }

  // Publish; a shopper sees the page with clickable hot areas.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version 1" })).toBeVisible();
  const shopper = await browser.newPage();
  await shopper.goto(`/cmsCLP?pageCode=${code}`);
  await expect(shopper.getByRole("heading", { name: "Autumn in Kyoto" })).toBeVisible();
  await expect(shopper.getByText("Your autumn coupon")).toBeVisible();
  // The shopper's page shows the uploaded image, loaded from its library URL.
  const shopperImage = shopper.locator(`img[src="${imageUrl}"]`).first();
  await expect(shopperImage).toBeVisible();
  await expect.poll(() => shopperImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
  await hydrated(shopper);
  await shopper.getByRole("link", { name: "Kyoto banner: 1" }).click();
  await expect(shopper).toHaveURL(/\/plp\?type=REGION$/);

  // A second version with a new title, then a roll-back to the first.
  await hydrated(page);
  await page.getByLabel("Page title").fill("Autumn in Kyoto, week 2");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Draft saved" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published as version 2" })).toBeVisible();
  await shopper.goto(`/cmsCLP?pageCode=${code}`);
  await expect(shopper.getByRole("heading", { name: "Autumn in Kyoto, week 2" })).toBeVisible();
  // The version diff names what changed: the title.
  await expect(page.getByRole("listitem").filter({ hasText: /^title$/ })).toBeVisible();

  await hydrated(page);
  await page.getByRole("button", { name: "Roll back to version 1" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rolled back: now version 3" })).toBeVisible();
  await shopper.goto(`/cmsCLP?pageCode=${code}`);
  await expect(shopper.getByRole("heading", { name: "Autumn in Kyoto", exact: true })).toBeVisible();
  await shopper.close();
});

test("the seeded home page opens in the editor, and publishing it unchanged gives the same store HTML", async ({
  page,
  request,
}) => {
  // The server-rendered home page, without its per-response nonces.
  const storeHtml = async () => {
    const response = await request.get("/en_US", { headers: { "accept-language": "en-US" } });
    expect(response.status()).toBe(200);
    return (await response.text()).replace(/nonce="[^"]*"/g, 'nonce=""');
  };
  const before = await storeHtml();

  await signInAsOperator(page, await createOperator(page, "merchandiser"));
  await page.goto("/admin/pages");
  const homeRow = page.getByRole("row").filter({ hasText: "Home page" }).filter({ hasText: "en_US" });
  await homeRow.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Edit / })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Blocks" }).getByTestId("tree-item").first(),
  ).toBeVisible();
  await expect(page.getByTestId("editor-canvas").locator("[data-component]").first()).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Published as version \d+/ })).toBeVisible();

  expect(await storeHtml()).toBe(before);
});
