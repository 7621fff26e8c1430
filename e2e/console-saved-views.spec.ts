import { createOperator, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { randomClientIp } from "./purchase-kit.ts";

// Saved views on the console's orders list (issue 29, ADR 0362): save the current filters under a name, pick it
// later, delete it; another operator does not see it (server/modules/admin/saved-views.api.test.ts). axe runs on
// every page visited.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

test("support saves the orders list's filters as a view, picks it again, and deletes it", async ({
  page,
}) => {
  await signInAsOperator(page, await createOperator(page, "support"));
  await page.goto("/admin/orders");
  await hydrated(page);
  const listSearch = page.getByRole("search");
  await listSearch.getByLabel("Payment method").selectOption("stripe");
  await listSearch.getByLabel("Currency").selectOption("HKD");
  await listSearch.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/payment=stripe/);

  const views = page.getByRole("region", { name: "Saved views" });
  await views.getByLabel("Save these filters as").fill("Stripe in HKD");
  await views.getByRole("button", { name: "Save view" }).click();
  await expect(views.getByRole("status")).toHaveText("View saved.");

  // From the unfiltered list, the view brings its filters back.
  await page.goto("/admin/orders");
  await expect(listSearch.getByLabel("Payment method")).toHaveValue("");
  await views.getByRole("link", { name: "Stripe in HKD" }).click();
  await expect(page).toHaveURL(/payment=stripe/);
  await expect(page).toHaveURL(/currency=HKD/);
  await expect(listSearch.getByLabel("Payment method")).toHaveValue("stripe");
  await expect(listSearch.getByLabel("Currency")).toHaveValue("HKD");

  await hydrated(page);
  await views.getByRole("button", { name: "Delete view Stripe in HKD" }).click();
  await expect(views.getByRole("status")).toHaveText("View deleted.");
  await expect(views.getByRole("link", { name: "Stripe in HKD" })).toHaveCount(0);
});
