import { createOperator, deliveredOrder, signInAsOperator } from "./console-kit.ts";
import { checkA11y, desktop, expect, hydrated, test } from "./fixtures.ts";
import { FETCH_HEADERS } from "./purchase-kit.ts";

// The operator's side of refunds (issue 29, ADRs 0356-0358), at 1440 px: a refund goes through a screen with a
// summary and an explicit confirmation, and an unused eSIM is cancelled with it; a shopper's request is approved
// from the queue; the refund policy form checks its fields together and saves. axe runs on every page visited.

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };
const money = (minor: number) => `HK$${(minor / 100).toFixed(2)}`;

test.use(desktop);

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

test("an operator refunds an unused eSIM through the refund screen: summary, confirmation, eSIM cancelled", async ({
  page,
}) => {
  const order = await deliveredOrder(page);
  const owner = await createOperator(page, "owner");
  await signInAsOperator(page, owner);
  await page.goto(`/admin/orders/${order.code}`);
  await hydrated(page);

  const refund = page.getByRole("region", { name: "Refund" });
  const summary = refund.getByTestId("refund-summary");
  await expect(summary).toContainText(`Left to refund: ${money(order.total)}`);
  const esimRow = summary.getByRole("row").filter({ hasText: order.iccid });
  await expect(esimRow).toContainText("No"); // not installed
  await expect(summary).toContainText("A full refund cancels the eSIM at the supplier");

  await refund.getByLabel("Refund to").selectOption("CREDIT");
  await refund.getByLabel("Reason").fill("Bought for the wrong dates");
  await expect(refund.getByLabel(/Tell the shopper by e-mail/)).toBeChecked();
  await refund.getByRole("button", { name: "Review the refund" }).click();

  // Nothing has moved yet: the screen says what the refund will do and waits for the confirmation.
  const confirm = refund.getByTestId("refund-confirm");
  await expect(confirm).toContainText(`Refund ${money(order.total)} to store credit.`);
  await expect(confirm).toContainText("This refunds everything left on the order.");
  await expect(confirm).toContainText("cancels the eSIM at the supplier");
  await expect(confirm).toContainText("The shopper gets an e-mail at");
  await expect(page.getByTestId("order-status")).not.toHaveText("REFUNDED");
  await checkA11y(page);

  await confirm.getByRole("button", { name: "Confirm the refund" }).click();
  await expect(page.getByRole("status")).toHaveText(`Refunded ${money(order.total)} to store credit.`);
  await expect(page.getByTestId("order-status")).toHaveText("REFUNDED");
  await expect(page.getByText("Nothing is left to refund on this order.")).toBeVisible();
  await expect(summary.getByRole("row").filter({ hasText: order.iccid })).toContainText("CANCELLED");

  // The shopper's own order shows the refund and the profile cancelled, without its QR code.
  const detail = await (
    await page.request.get(`/o2ord/v1/customer/orders/${order.code}`, { headers: API })
  ).json();
  expect(detail.status).toBe("REFUNDED");
  const esim = await (
    await page.request.get(`/o2esim/v1/customer/esims/${detail.esims[0].id}`, { headers: API })
  ).json();
  expect(esim.state).toBe("CANCELLED");
  expect(esim.lpa).toBe("");
});

test("a shopper's refund request is approved from the console's queue", async ({ page, browser }) => {
  const order = await deliveredOrder(page);
  const reason = `The eSIM never connected in Osaka (${order.code.slice(-6)})`;
  const asked = await page.request.post(`/o2ord/v1/customer/orders/${order.code}/refund-requests`, {
    headers: API,
    data: { destination: "CREDIT", reason },
  });
  expect(asked.status()).toBe(200);

  const consoleContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, ...desktop });
  const operator = await consoleContext.newPage();
  const finance = await createOperator(operator, "finance");
  await signInAsOperator(operator, finance);
  await operator
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Refund requests" })
    .click();
  await expect(operator.getByRole("heading", { name: "Refund requests", level: 1 })).toBeVisible();
  await hydrated(operator);
  const row = operator.getByRole("row").filter({ hasText: order.code });
  await expect(row).toContainText(reason);
  await expect(row).toContainText(`${order.iccid}: `);
  await expect(row).toContainText("installed: No");
  await expect(row).toContainText("No screenshot");
  await row.getByRole("button", { name: `Approve and refund ${order.code}` }).click();
  await expect(operator.getByRole("status")).toHaveText(
    `Approved: ${money(order.total)} refunded to store credit.`,
  );
  await expect(operator.getByRole("row").filter({ hasText: order.code })).toHaveCount(0);

  const options = await (
    await page.request.get(`/o2ord/v1/customer/orders/${order.code}/refund-options`, { headers: API })
  ).json();
  expect(options.requests[0].status).toBe("APPROVED");
  await consoleContext.close();
});

test("the refund policy form shows every problem beside its field, then saves", async ({ page }) => {
  const owner = await createOperator(page, "owner");
  await signInAsOperator(page, owner);
  await page
    .getByRole("navigation", { name: "Console sections" })
    .getByRole("link", { name: "Refund policy" })
    .click();
  await expect(page.getByRole("heading", { name: "Refund policy", level: 1 })).toBeVisible();
  await hydrated(page);

  const cancelDays = page.getByLabel("Days to cancel an unused eSIM for a full refund");
  const usedPercent = page.getByLabel("Most data used for a full refund (%)");
  const cardDays = page.getByLabel("Days a card refund takes (told to shoppers)");
  const before = await cardDays.inputValue();
  await cancelDays.fill("-1");
  await usedPercent.fill("150");
  await page.getByRole("button", { name: "Save the refund policy" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Some fields need a change; see the messages beside them.",
  );
  await expect(cancelDays).toHaveAccessibleDescription("Enter whole days from 0 to 365.");
  await expect(usedPercent).toHaveAccessibleDescription("Enter a whole percentage from 0 to 100.");
  await checkA11y(page);

  await cancelDays.fill("30");
  await usedPercent.fill("1");
  await cardDays.fill(before === "7" ? "8" : "7");
  await page.getByRole("button", { name: "Save the refund policy" }).click();
  await expect(page.getByRole("status")).toHaveText("The refund policy is saved.");
  await page.reload();
  await expect(cardDays).toHaveValue(before === "7" ? "8" : "7");
  // Put back what the other journeys expect.
  await hydrated(page);
  await cardDays.fill(before);
  await page.getByRole("button", { name: "Save the refund policy" }).click();
  await expect(page.getByRole("status")).toHaveText("The refund policy is saved.");
});

test("when the policy refunds no installed eSIM, the refund screen says why a full refund is not allowed", async ({
  page,
}) => {
  const order = await deliveredOrder(page);
  const detail = await (
    await page.request.get(`/o2ord/v1/customer/orders/${order.code}`, { headers: API })
  ).json();
  const installed = await page.request.post(`/o2esim/v1/customer/esims/${detail.esims[0].id}/installed`, {
    headers: API,
  });
  expect(installed.status()).toBe(200);

  const owner = await createOperator(page, "owner");
  await signInAsOperator(page, owner);
  const policyBox = page.getByLabel("An installed eSIM may be refunded");
  const setInstalledRefundable = async (on: boolean) => {
    await page.goto("/admin/refunds/policy");
    await hydrated(page);
    await policyBox.setChecked(on);
    await page.getByRole("button", { name: "Save the refund policy" }).click();
    await expect(page.getByRole("status")).toHaveText("The refund policy is saved.");
  };
  await setInstalledRefundable(false);
  try {
    await page.goto(`/admin/orders/${order.code}`);
    await hydrated(page);
    const summary = page.getByRole("region", { name: "Refund" }).getByTestId("refund-summary");
    await expect(summary.getByRole("row").filter({ hasText: order.iccid })).toContainText("Yes");
    await expect(summary.getByRole("note")).toHaveText(
      "The refund policy does not allow a full refund: the eSIM was installed or used, and the policy refunds installed eSIMs not at all. Only part of the order can be refunded, and the eSIM stays.",
    );
    await expect(summary).toContainText("A full refund withdraws the installed or used eSIM");
  } finally {
    await setInstalledRefundable(true);
  }
});
