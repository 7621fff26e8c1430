import type { BrowserContext } from "@playwright/test";
import { createOperator, deliveredOrder, signInAsOperator } from "./console-kit.ts";
import { checkA11y, desktop, expect, hydrated, test } from "./fixtures.ts";

// Bulk actions on the console's orders list (issue 29 item 3, ADR 0383), at 1440 px: choose orders by keyboard or
// with "select all on this page", resend the eSIM e-mail or retry a failed provisioning, and read the summary.
// The racing double submit, the 100-order bound and the permission are proven in
// server/modules/admin/bulk-actions.api.test.ts. axe runs on every page visited.

test.use(desktop);

const octet = () => Math.floor(Math.random() * 250) + 1;
/** Each shopper's sign-up comes from an address of its own (the captcha is limited per address). */
const newAddress = (context: BrowserContext) =>
  context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });

test("support resends a chosen order's eSIM e-mail and sees why a delivered order is not retried", async ({
  page,
  context,
  browser,
}) => {
  // Two shoppers, each in a browser of their own.
  const shopperContext = await browser.newContext();
  await newAddress(shopperContext);
  const second = await deliveredOrder(await shopperContext.newPage());
  await shopperContext.close();
  await newAddress(context);
  const first = await deliveredOrder(page);
  await signInAsOperator(page, await createOperator(page, "support"));

  await page.goto(`/admin/orders?code=${first.code}`);
  await hydrated(page);
  const bulk = page.getByRole("region", { name: "Bulk actions" });
  await expect(bulk.getByRole("button", { name: "Resend the eSIM e-mail" })).toBeDisabled();
  // By keyboard: the row's checkbox, then the action.
  await page.getByRole("checkbox", { name: `Select order ${first.code}` }).focus();
  await page.keyboard.press("Space");
  await expect(bulk).toContainText("1 selected");
  await bulk.getByRole("button", { name: "Resend the eSIM e-mail" }).focus();
  await page.keyboard.press("Enter");
  await expect(bulk.getByRole("status")).toContainText("Done: 1 · Skipped: 0 · Failed: 0");
  await checkA11y(page);

  await page.goto(`/admin/orders?code=${second.code}`);
  await hydrated(page);
  await bulk.getByLabel("Select all on this page").check();
  await expect(page.getByRole("checkbox", { name: `Select order ${second.code}` })).toBeChecked();
  await bulk.getByRole("button", { name: "Retry failed provisioning" }).click();
  const status = bulk.getByRole("status");
  await expect(status).toContainText("Done: 0 · Skipped: 1 · Failed: 0");
  await expect(status).toContainText(`${second.code}: skipped (no failed provisioning waiting for a retry)`);
  await checkA11y(page);
});
