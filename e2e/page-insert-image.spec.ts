import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// ADR 0397: a banner added in every language gets its image in the insert step: uploaded once for every language,
// with zh_CN given its own; each language's block then shows its image, with nothing left to set afterwards.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

const OWN = "/media/banner/summer-japan.svg";

async function createPage(page: Page, lang: string, code: string, title: string) {
  await page.goto("/admin/pages");
  await hydrated(page);
  const create = page.locator("section", { has: page.getByRole("heading", { name: "Create a page" }) });
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Code").fill(code);
  await create.getByLabel("Language").selectOption(lang);
  await create.getByLabel("Type").selectOption("LANDING");
  await create.getByRole("button", { name: "Create a page" }).click();
  await expect(page.getByRole("heading", { name: `Edit ${title}` })).toBeVisible();
  await hydrated(page);
}

test("a banner's image is uploaded in the insert step for every language, and zh_CN gets its own", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAsOperator(page, await createOperator(page, "merchandiser"));
  const code = `e2e-autumn-${randomUUID().slice(0, 6)}`;
  await createPage(page, "zh_CN", code, "日本之秋");
  await createPage(page, "en_US", code, "Autumn in Japan");

  const insert = page.getByRole("region", { name: "Add a block" });
  await insert.getByLabel("Block type").selectOption("Banner");
  await insert.getByLabel("Title (en_US)", { exact: true }).fill("Autumn leaves");
  await insert.getByLabel("Title (zh_CN)", { exact: true }).fill("红叶季");
  // Once for every language: uploaded through the media picker.
  const every = insert.getByRole("group", { name: "Image for every language" });
  await every.getByRole("button", { name: "Choose image…" }).click();
  const picker = page.getByRole("dialog", { name: "Choose an image" });
  await expect(picker).toBeVisible();
  await picker.getByLabel("Upload an image").setInputFiles("e2e/fixtures/kyoto-banner.png");
  await expect(picker).toBeHidden({ timeout: 30_000 });
  const shared = every.getByLabel("Or type a library path (advanced)");
  await expect(shared).toHaveValue(/^\/media\/library\/[0-9a-f]{64}\.png$/);
  const uploaded = await shared.inputValue();
  // zh_CN: its own image, by keyboard.
  const ownBox = insert.getByRole("checkbox", { name: "Its own image in zh_CN" });
  await ownBox.focus();
  await page.keyboard.press("Space");
  await expect(ownBox).toBeChecked();
  await insert
    .getByRole("group", { name: "Image (zh_CN)" })
    .getByLabel("Or type a library path (advanced)")
    .fill(OWN);
  await insert.getByRole("button", { name: "Add block" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Block added" })).toBeVisible();
  await hydrated(page);

  // The new block is selected: en_US has the uploaded image, and zh_CN its own, with nothing set afterwards.
  const settings = page.getByRole("region", { name: "Settings of Banner" });
  await expect(settings.getByLabel("Or type a library path (advanced)")).toHaveValue(uploaded);
  await expect(settings.getByLabel("Title", { exact: true })).toHaveValue("Autumn leaves");
  await page.getByTestId("page-languages").getByRole("link", { name: "Open zh_CN" }).click();
  await expect(page.getByRole("heading", { name: "Edit 日本之秋" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("navigation", { name: "Blocks" }).getByTestId("tree-item").first().click();
  const zhSettings = page.getByRole("region", { name: "Settings of Banner" });
  await expect(zhSettings.getByLabel("Or type a library path (advanced)")).toHaveValue(OWN);
  await expect(zhSettings.getByLabel("Title", { exact: true })).toHaveValue("红叶季");
});
