import type { Page } from "@playwright/test";
import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { randomClientIp, signUp } from "./purchase-kit.ts";

// The console's merchandising side (issue 16; ADRs 0230-0234), as an operator signed in with TOTP. The harness
// runs axe on every page a test visits.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

test("a merchandiser changes a plan's price rule and the store's product page shows the new price at once", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers (operator and shopper) and several saves: three times the usual time on a loaded machine.
  test.slow();
  const plan = "TH-1GB-7D";
  // A shopper who pays in US dollars has the product page in the page cache already.
  const shopper = await browser.newContext({ baseURL });
  await shopper.addCookies([{ name: "currency", value: "USD", url: baseURL! }]);
  const store = await shopper.newPage();
  await store.goto(`/pdp/${plan}`);
  const price = store.getByTestId("unit-price");
  await expect(price).toBeVisible();
  const before = await price.textContent();

  const merchandiser = await createOperator(page, "merchandiser");
  await signInAsOperator(page, merchandiser);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Plans" })
    .click();
  await page.getByLabel("Code or destination").fill(plan);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name: plan, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Plan ${plan}` })).toBeVisible();
  await hydrated(page);

  // The plan's first-choice supplier package, with what it costs us.
  await page.getByLabel("Supplier 1").selectOption("sandbox");
  await page.getByLabel("Package code 1").fill(plan);
  await page.getByLabel("Cost (USD) 1").fill("4.00");
  await page.getByRole("button", { name: "Save supplier packages" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();

  // A rule for this plan: the preview shows the price before anything is saved.
  await page.getByRole("link", { name: "Price rules for this plan" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Prices and FX rates" })).toBeVisible();
  await hydrated(page);
  await expect(page.getByLabel("Plan or destination code")).toHaveValue(plan);
  await page.getByLabel("Markup (× cost, e.g. 1.8)").fill("2.5");
  await page.getByRole("button", { name: "Preview prices" }).click();
  const preview = page.getByRole("region", { name: "Preview" });
  // $4.00 × 2.5 = $10.00, rounded up to the dollar's .99 ending.
  await expect(preview.getByRole("row").filter({ hasText: plan }).filter({ hasText: "USD" })).toContainText(
    "$10.99",
  );
  await store.reload();
  await expect(price).toHaveText(before!);

  await page.getByLabel("Markup (× cost, e.g. 1.8)").fill("2.5");
  await page.getByRole("button", { name: "Save rule" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Saved: the store shows the new prices now." }),
  ).toBeVisible();
  await expect(page.getByRole("table", { name: "Price rules" })).toContainText(`Plan ${plan}`);

  // The next request for the product page has the new price (the cached page was dropped).
  await store.reload();
  await expect(price).toContainText("10.99");
  await shopper.close();
  // Both changes are in the audit log (server/modules/catalog/console/console-merch.api.test.ts checks the entries).
});

test("a merchandiser creates a promo code, a shopper uses it at checkout, and the console counts the use", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const merchandiser = await createOperator(page, "merchandiser");
  await signInAsOperator(page, merchandiser);
  await page.goto("/admin/marketing/coupons");
  await page.getByRole("link", { name: "New coupon or promo code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New coupon or promo code" })).toBeVisible();
  await hydrated(page);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Kind").selectOption("PROMO_CODE");
  await page.getByLabel("Benefit").selectOption("REDUCTION");
  await page.getByLabel("Amount off", { exact: true }).fill("10");
  await page.getByLabel("Currency of the amount").selectOption("HKD");
  await page.getByLabel("Starts (GMT+8)").fill("2026-01-01T00:00");
  await page.getByLabel("Ends (GMT+8)").fill("2030-01-01T00:00");
  await page.getByLabel("Total uses (empty: no limit)").fill("5");
  for (const [label, value] of [
    ["Name (English)", "E2E ten off"],
    ["Name (Simplified Chinese, optional)", "立减十元"],
    ["Name (Traditional Chinese, optional)", "立減十元"],
    ["Description (English, optional)", "HK$10 off"],
    ["Description (Simplified Chinese, optional)", "立减10港元"],
    ["Description (Traditional Chinese, optional)", "立減10港元"],
  ] as const)
    await page.getByLabel(label).fill(value);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Coupon ${code}` })).toBeVisible();
  await expect(page.getByTestId("coupon-usage")).toHaveText(
    "Used in 0 orders; received 0 times; 0 customers.",
  );

  // A shopper applies it at checkout and places the order.
  const shopperContext = await browser.newContext({ baseURL });
  await shopperContext.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  const shop = await shopperContext.newPage();
  await signUp(shop.request);
  await shop.goto("/checkout?platformProductCode=KR-1GB-7D&quantity=1");
  await hydrated(shop);
  await shop.getByRole("button", { name: /Coupons and payment/ }).click();
  const dialog = shop.getByRole("dialog", { name: "Coupons and payment" });
  await dialog.getByLabel("Promo code").fill(code.toLowerCase());
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByText(new RegExp(`^Promo code ${code} applied`))).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  const placed = shop.waitForResponse(
    (r) => r.url().endsWith("/o2ord/v1/customer/orders") && r.request().method() === "POST",
  );
  await shop.getByRole("button", { name: /^Pay HK\$/ }).click();
  expect((await placed).status()).toBe(201);
  await shopperContext.close();

  // The console counts the use against its limit.
  await page.goto(`/admin/marketing/coupons?q=${code}`);
  await expect(page.getByTestId(`used-${code}`)).toHaveText("1 of 5");
  // Disabling it is one click, and recorded.
  await hydrated(page);
  await page.getByRole("button", { name: `Disable ${code}` }).click();
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("Disabled");
});

/** Signs in a merchandiser, opens the plan sheet page and downloads the sheet: the workbook, its plans and header. */
async function downloadedPlanSheet(page: Page) {
  await signInAsOperator(page, await createOperator(page, "merchandiser"));
  await page.goto("/admin/catalog/sheet");
  await hydrated(page);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download plans and prices (.xlsx)" }).click();
  const file = await (await download).path();
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet("Plans")!;
  return { workbook, sheet, header: sheet.getRow(1).values as string[] };
}

test("an import with a bad row shows the row report and changes nothing", async ({ page }) => {
  const { workbook, sheet, header } = await downloadedPlanSheet(page);
  sheet.getRow(2).getCell(header.indexOf("status")).value = "SOLD_OUT";
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

  await page.getByLabel("Excel file (.xlsx, at most 5 MB)").setInputFiles({
    name: "plans.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: bytes,
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Nothing was changed: 1 problems must be fixed first." }),
  ).toBeVisible();
  const problems = page.getByRole("table", { name: "Problems by row" });
  await expect(problems.getByRole("row").nth(1)).toContainText("SOLD_OUT");
  await expect(problems).toContainText("The status must be ON_SHELF, OFF_SHELF or DRAFT");
});

test("an import row with a new plan code: the check says it will create it, the import creates a draft", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { workbook, sheet, header } = await downloadedPlanSheet(page);
  // A copy of the first plan's row with a new code, data and supplier package, and no status.
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  const model = sheet.getRow(2);
  const row = sheet.addRow([]);
  header.forEach((name, col) => {
    if (name) row.getCell(col).value = model.getCell(col).value;
  });
  row.getCell(header.indexOf("code")).value = code;
  row.getCell(header.indexOf("status")).value = "";
  row.getCell(header.indexOf("dataMb")).value = 4096;
  row.getCell(header.indexOf("supplier")).value = "sandbox";
  row.getCell(header.indexOf("supplierPackage")).value = `PKG-${code}`;
  row.getCell(header.indexOf("title_en_US")).value = `New plan ${code}`;
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const choose = () =>
    page.getByLabel("Excel file (.xlsx, at most 5 MB)").setInputFiles({
      name: "plans.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: bytes,
    });

  await choose();
  await page.getByRole("button", { name: "Check (dry run)" }).click();
  const changes = page.getByRole("table", { name: "Changes by row" });
  await expect(page.getByRole("status")).toContainText("Check passed: 1 of", { timeout: 30_000 });
  // The badge on its own: a row's text runs its cells together ("will create" + "destination").
  await expect(
    changes.getByRole("row").filter({ hasText: code }).first().getByText("will create", { exact: true }),
  ).toBeVisible();
  await expect(
    changes.getByRole("row").filter({ hasText: "status" }).filter({ hasText: code }),
  ).toContainText("DRAFT");

  await hydrated(page);
  await choose();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  // Wait for the import's own answer: leaving the page before it would cancel the upload.
  await expect(page.getByRole("status")).toContainText("Imported: 1 of", { timeout: 30_000 });
  await expect(
    changes.getByRole("row").filter({ hasText: code }).first().getByText("created", { exact: true }),
  ).toBeVisible();
  await page.goto(`/admin/catalog/plans/${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(code);
  // The audit log is an owner's (or finance's) to read: the import is there.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signInAsOperator(owner, await createOperator(owner, "owner"));
  await owner.goto(`/admin/audit?entity=plan-sheet`);
  await expect(owner.getByRole("table", { name: "Audit log" })).toContainText("plan.sheet.import");
  await ownerContext.close();
});

test("every merchandising page opens for a merchandiser and passes axe, in English and Chinese", async ({
  page,
}) => {
  // Thirteen pages, each checked by axe.
  test.slow();
  const merchandiser = await createOperator(page, "merchandiser");
  await signInAsOperator(page, merchandiser);
  const pages: [string, string][] = [
    ["/admin/catalog/plans", "Plans"],
    ["/admin/catalog/plans/JP-3GB-30D", "Plan JP-3GB-30D"],
    ["/admin/catalog/destinations", "Destinations"],
    ["/admin/catalog/destinations/JP", "Destination JP"],
    ["/admin/pricing", "Prices and FX rates"],
    ["/admin/catalog/sheet", "Plans and prices in Excel"],
    ["/admin/marketing/coupons", "Coupons and promo codes"],
    ["/admin/marketing/coupons/new", "New coupon or promo code"],
    ["/admin/marketing/campaigns", "Campaigns"],
    ["/admin/marketing/words", "Search words"],
    ["/admin/content", "Content"],
    ["/admin/content/help/new", "New help article"],
    ["/admin/content/notes/new", "New note"],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  // The same pages in Simplified Chinese (the operator's choice).
  await page.goto("/admin/pricing");
  await hydrated(page);
  await page.getByLabel("Language", { exact: true }).selectOption("zh_CN");
  await page.getByRole("button", { name: "Change language" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "价格与汇率" })).toBeVisible();
  await page.goto("/admin/marketing/coupons");
  await expect(page.getByRole("heading", { level: 1, name: "优惠券与优惠码" })).toBeVisible();
});
