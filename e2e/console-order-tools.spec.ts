import { createOperator, deliveredOrder, signInAsOperator } from "./console-kit.ts";
import { expect, hydrated, test } from "./fixtures.ts";

// The console's one search (issue 29 item 3): the box in the console's header finds an order by the last six
// characters of its code or part of its ICCID, and the orders page narrows by payment method and supplier.
// axe runs on every page visited.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

test("support finds an order from the console's search box by its code's tail or its ICCID", async ({
  page,
}) => {
  test.slow(); // a paid, delivered order first
  const order = await deliveredOrder(page);
  await signInAsOperator(page, await createOperator(page, "support"));
  const box = page.getByRole("searchbox", { name: "Search orders, customers and eSIMs" });
  await box.fill(order.code.slice(-6));
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: order.code })).toBeVisible();
  await hydrated(page);

  // The list's own search keeps the term, and the filters narrow it.
  const listSearch = page.getByRole("search");
  await listSearch.getByLabel("Keyword (name, e-mail, phone, code, eSIM, plan)").fill(order.iccid.slice(-10));
  await listSearch.getByLabel("Payment method").selectOption("sandbox");
  await listSearch.getByLabel("Supplier").selectOption("sandbox");
  await listSearch.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/payment=sandbox/);
  await expect(page.getByRole("link", { name: order.code })).toBeVisible();
  await listSearch.getByLabel("Payment method").selectOption("stripe");
  await listSearch.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/payment=stripe/);
  await expect(page.getByRole("link", { name: order.code })).toHaveCount(0);
});

test("finance exports the orders a search matches as a CSV file", async ({ page }) => {
  test.slow(); // a paid, delivered order first
  const order = await deliveredOrder(page);
  await signInAsOperator(page, await createOperator(page, "finance"));
  await page.goto(`/admin/orders?q=${order.code.slice(-6)}`);
  await expect(page.getByRole("link", { name: order.code })).toBeVisible();
  await hydrated(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export these orders (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^code,status,/);
  expect(csv).toContain(order.code);
});
