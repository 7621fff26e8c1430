import { createOperator, deliveredOrder, signInAsOperator } from "./console-kit.ts";
import { expect, expectToast, hydrated, test } from "./fixtures.ts";
import { FETCH_HEADERS, PASSWORD, signUp, uniqueEmail } from "./purchase-kit.ts";

// The support side of the console (issue 16): find an order by ICCID and resend its e-mail; refund half to the
// card and the rest to store credit, and the shopper sees both on their order. axe runs on every page visited.

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

test("support finds an order by ICCID and resends its eSIM e-mail", async ({ page }) => {
  const order = await deliveredOrder(page);
  const operatorPage = page; // the shopper's cookies do not open the console: the operator signs in on top
  const support = await createOperator(operatorPage, "support");
  await signInAsOperator(operatorPage, support);
  await operatorPage
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Orders" })
    .click();
  await operatorPage.getByLabel("ICCID").fill(order.iccid);
  await operatorPage.getByRole("search").getByRole("button", { name: "Search" }).click();
  await operatorPage.getByRole("link", { name: order.code }).click();
  await expect(operatorPage.getByRole("heading", { name: `Order ${order.code}`, level: 1 })).toBeVisible();
  await hydrated(operatorPage);
  const emailsBefore = await operatorPage.getByRole("row").filter({ hasText: "E-mail" }).count();
  await operatorPage.getByRole("button", { name: "Resend the eSIM e-mail" }).click();
  await expect(operatorPage.getByRole("status")).toContainText("The eSIM e-mail was sent again to");
  await expect
    .poll(() =>
      operatorPage
        .getByRole("table", { name: "Timeline" })
        .getByRole("row")
        .filter({ hasText: "E-mail" })
        .count(),
    )
    .toBeGreaterThan(emailsBefore);

  // The eSIM page shows the profile, refreshed from the supplier on demand.
  await operatorPage.getByRole("link", { name: order.iccid }).click();
  await expect(operatorPage.getByRole("heading", { name: order.iccid })).toBeVisible();
  await hydrated(operatorPage);
  await operatorPage.getByRole("button", { name: "Refresh from the supplier" }).click();
  await expect(operatorPage.getByRole("status")).toHaveText("Status and usage refreshed from the supplier.");
});

test("finance refunds half to the card and the rest to credit; the shopper sees both", async ({
  page,
  browser,
}) => {
  const order = await deliveredOrder(page);
  // The operator works in a browser of their own.
  const consoleContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const operator = await consoleContext.newPage();
  const finance = await createOperator(operator, "finance");
  await signInAsOperator(operator, finance);
  await operator.goto(`/admin/orders/${order.code}`);

  const half = Math.floor(order.total / 2);
  const refund = operator.getByRole("region", { name: "Refund" });
  await refund.getByLabel("Amount (HKD)").fill((half / 100).toFixed(2));
  await refund.getByLabel("Refund to").selectOption("CARD");
  await refund.getByLabel("Reason").fill("Half the trip was cancelled");
  await refund.getByRole("button", { name: "Review the refund" }).click();
  await refund.getByRole("button", { name: "Confirm the refund" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    `Refunded HK$${(half / 100).toFixed(2)} to the card.`,
  );
  await expect(operator.getByTestId("refundable")).toHaveText(
    `HK$${((order.total - half) / 100).toFixed(2)}`,
  );

  await hydrated(operator);
  await refund.getByLabel("Amount (HKD)").fill(((order.total - half) / 100).toFixed(2));
  await refund.getByLabel("Refund to").selectOption("CREDIT");
  await refund.getByLabel("Reason").fill("The rest as store credit");
  await refund.getByRole("button", { name: "Review the refund" }).click();
  await refund.getByRole("button", { name: "Confirm the refund" }).click();
  await expect(operator.getByRole("status")).toHaveText(
    `Refunded HK$${((order.total - half) / 100).toFixed(2)} to store credit.`,
  );
  await expect(operator.getByText("Nothing is left to refund on this order.")).toBeVisible();

  // The audit log has both.
  await operator.goto(`/admin/audit?entity=order&entityId=${order.code}`);
  await expect(
    operator.getByRole("table", { name: "Audit log" }).getByRole("row").filter({ hasText: "order.refund" }),
  ).toHaveCount(2);

  // The dashboard and the customer's page (with the credit) render for finance.
  await operator.goto("/admin");
  await expect(operator.getByRole("heading", { name: "Orders per day, last 14 days" })).toBeVisible();
  await expect(operator.getByTestId("trend-chart").locator("canvas")).toBeVisible();
  await consoleContext.close();

  await page.goto(`/my/order/${order.code}`);
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText(`HK$${(half / 100).toFixed(2)} refunded to your card`);
  await expect(refunds).toContainText(
    `HK$${((order.total - half) / 100).toFixed(2)} refunded to your store credit`,
  );
});

test("support finds a customer and adjusts their credit with a reason", async ({ page }) => {
  const email = await signUp(page.request, uniqueEmail("credit"));
  const owner = await createOperator(page, "owner");
  await signInAsOperator(page, owner);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Customers" })
    .click();
  await page.getByLabel("E-mail, phone or name").fill(email);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: email }).click();
  await hydrated(page);
  await page.getByLabel("Amount in HKD (negative to take away)").fill("12.50");
  await page.getByLabel("Reason", { exact: true }).fill("Goodwill for a slow activation");
  await page.getByRole("button", { name: "Adjust" }).click();
  await expect(page.getByRole("status")).toHaveText("Credit adjusted.");
  await expect(page.getByTestId("credit-balance")).toHaveText("Balance: HK$12.50");
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "eSIMs" })
    .click();
  await expect(page.getByRole("heading", { name: "eSIMs", level: 1 })).toBeVisible();
});

test("support deletes an account on the customer's request; the customer can no longer sign in", async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  // The refused sign-in at the end answers 400, which Chromium logs as a failed resource.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
  const email = await signUp(page.request, uniqueEmail("deleted"));
  const consoleContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const operator = await consoleContext.newPage();
  await signInAsOperator(operator, await createOperator(operator, "support"));
  await operator
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Customers" })
    .click();
  await operator.getByLabel("E-mail, phone or name").fill(email);
  await operator.getByRole("search").getByRole("button", { name: "Search" }).click();
  await operator.getByRole("link", { name: email }).click();
  await hydrated(operator);
  const account = operator.getByRole("region", { name: "Delete the account" });
  await account
    .getByLabel("Reason for deleting (the customer's request)")
    .fill("Asked by e-mail to be forgotten");
  await account.getByRole("button", { name: "Delete the account permanently" }).click();
  await expect(operator.getByRole("status")).toHaveText("The account was deleted.", {
    timeout: 30_000,
  });
  await expect(operator.getByRole("button", { name: "Delete the account permanently" })).toHaveCount(0);
  // The record stays, anonymised and marked deleted.
  await expect(operator.getByText("Deleted on request", { exact: true })).toBeVisible();
  await consoleContext.close();

  // The customer's own browser: the session is gone, and signing in again is refused.
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("E-mail or phone number").fill(email);
  await page
    .locator("input")
    .and(page.getByLabel("Password", { exact: true }))
    .fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expectToast(page, "The account or password is incorrect", { timeout: 30_000 });
  await expect(page).toHaveURL(/\/login/);
});

test("support cancels an unused eSIM at the supplier; the shopper's eSIM shows cancelled", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const order = await deliveredOrder(page);
  const consoleContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const operator = await consoleContext.newPage();
  await signInAsOperator(operator, await createOperator(operator, "support"));
  await operator.goto(`/admin/orders/${order.code}`);
  await hydrated(operator);
  await operator.getByLabel(`Reason for cancelling ${order.iccid}`).fill("Trip cancelled, never installed");
  await operator.getByRole("button", { name: `Cancel unused eSIM ${order.iccid}` }).click();
  await expect(operator.getByRole("status")).toHaveText("The eSIM was cancelled at the supplier.", {
    timeout: 30_000,
  });
  await expect(operator.getByRole("button", { name: `Cancel unused eSIM ${order.iccid}` })).toHaveCount(0);
  await consoleContext.close();

  await expect
    .poll(
      async () => {
        const res = await page.request.get("/o2esim/v1/customer/esims?page=0&size=20", { headers: API });
        const listed = (await res.json()) as { content: { iccid: string; state: string }[] };
        return listed.content.find((e) => e.iccid === order.iccid)?.state ?? "none";
      },
      { timeout: 30_000 },
    )
    .toBe("CANCELLED");
  await page.goto("/ucenter/eSIM");
  const card = page.getByRole("article").filter({ hasText: order.iccid });
  await expect(card.locator("[data-state]").first()).toHaveText("Cancelled");
  await expect(card.getByRole("link", { name: "Details and install" })).toHaveCount(0);
});
