import { PNG } from "pngjs";
import { createOperator, deliveredOrder, signInAsOperator } from "./console-kit.ts";
import { checkA11y, desktop, expect, hydrated, test } from "./fixtures.ts";
import { FETCH_HEADERS, randomClientIp } from "./purchase-kit.ts";

// Issue 29's request-and-approve journey, both sides in real Chromium over the real server, sandbox payment and
// supplier: a shopper whose eSIM is installed and has used a little data asks on the order page for a refund to
// the card, with a reason and a screenshot; an operator opens the console's queue from its navigation, sees the
// order, the eSIM's install and usage state, the reason and the screenshot, and approves; the shopper reloads the
// order page and sees the request approved, the refund recorded and the eSIM withdrawn (the seeded policy refunds
// an installed eSIM that used at most 1 % of its data). axe runs on every page visited.

test.use(desktop);

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

/** A small real PNG (the server decodes and re-encodes an upload). */
function screenshot(): Buffer {
  const png = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 40;
    png.data[i + 1] = 40;
    png.data[i + 2] = 200;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

test("a shopper asks for a refund with a reason and a screenshot, an operator approves it from the queue, the shopper sees it refunded", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // A paid order whose eSIM the phone downloaded and used 15 MB of: it can no longer be cancelled, only a
  // refund asked for.
  const order = await deliveredOrder(page);
  const installed = await page.request.post("/__dev/esim/installed", {
    headers: FETCH_HEADERS,
    data: { iccid: order.iccid },
  });
  expect(installed.status(), await installed.text()).toBe(200);
  const used = await page.request.post("/__dev/esim/usage", {
    headers: FETCH_HEADERS,
    data: { iccid: order.iccid, usedMb: 15 },
  });
  expect(used.status(), await used.text()).toBe(200);

  // The shopper, on the order page: no cancel, a request form.
  await page.goto(`/my/order/${order.code}`);
  await hydrated(page);
  const esimRow = page.locator("[data-order-esim]").filter({ hasText: order.iccid });
  await expect(esimRow).not.toHaveAttribute("data-order-esim", "CANCELLED");
  const panel = page.getByRole("region", { name: "Cancel or refund" });
  await expect(panel.getByRole("button", { name: "Cancel eSIM and refund" })).toHaveCount(0);
  const form = panel.locator("form[data-refund-request-form]");
  await expect(form.getByRole("heading", { name: "Ask for a refund" })).toBeVisible();
  await checkA11y(page);

  const reason = `No signal at all in Osaka; the phone shows No Service after restarting (${order.code.slice(-6)}).`;
  await form.getByRole("radio", { name: /Back to my card \(takes up to \d+ days\)/ }).check();
  await form.getByRole("textbox", { name: "What went wrong?" }).fill(reason);
  await form.getByLabel("Screenshot (optional)").setInputFiles({
    name: "no-service.png",
    mimeType: "image/png",
    buffer: screenshot(),
  });
  await expect(form.getByRole("list", { name: "Attachments" })).toContainText("no-service.png");
  await form.getByRole("button", { name: "Ask for a refund" }).click();
  const pending = panel.locator("[data-refund-request='REQUESTED']");
  await expect(pending).toContainText("Refund requested, waiting for our reply");
  await expect(pending).toContainText(reason);
  await checkA11y(page);

  // The operator, in a browser of their own: the queue from the console's navigation.
  const consoleContext = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    ...desktop,
    extraHTTPHeaders: { "x-forwarded-for": randomClientIp() },
  });
  try {
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
    await expect(row).toHaveCount(1);
    // The order, and what is left to refund where the shopper asked.
    await expect(row.getByRole("link", { name: order.code, exact: true })).toBeVisible();
    await expect(row).toContainText(`${(order.total / 100).toFixed(2)} left to refund, to the card`);
    // The eSIM's install and usage state.
    await expect(row).toContainText(
      new RegExp(`${order.iccid}: [A-Z_]+, installed: Yes, data used: 15 MB of \\d+ MB \\(1 %\\)`),
    );
    // The shopper's reason and screenshot, the picture really loaded.
    await expect(row).toContainText(reason);
    const picture = row.getByRole("img", { name: `The shopper's screenshot for order ${order.code}` });
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await checkA11y(operator);

    await row.getByRole("button", { name: `Approve and refund ${order.code}` }).click();
    await expect(operator.getByRole("status")).toHaveText(
      new RegExp(`^Approved: HK\\$${(order.total / 100).toFixed(2)} refunded to the card\\.$`),
    );
    await expect(operator.getByRole("row").filter({ hasText: order.code })).toHaveCount(0);
    await checkA11y(operator);
  } finally {
    await consoleContext.close();
  }

  // The shopper reloads the order page: the request approved, the refund recorded, the eSIM withdrawn.
  await page.reload();
  await hydrated(page);
  await expect(panel.locator("[data-refund-request='APPROVED']")).toContainText("Refund request approved");
  await expect(panel.locator("[data-refund-request='REQUESTED']")).toHaveCount(0);
  await expect(panel.locator("form[data-refund-request-form]")).toHaveCount(0);
  const total = (await page.locator("[data-order-amounts] dd").last().textContent())?.trim() ?? "";
  const refunds = page.getByRole("region", { name: "Refunds" });
  await expect(refunds).toContainText(`${total} refunded to your card`);
  await expect(esimRow).toHaveAttribute("data-order-esim", "CANCELLED");
  await expect(esimRow).toContainText("Cancelled");
  await checkA11y(page);

  // Its eSIM page: withdrawn, no QR code to install it again.
  await esimRow.getByRole("link", { name: new RegExp(order.iccid) }).click();
  await expect(page).toHaveURL(/\/ucenter\/eSIM\/[^/]+$/);
  await expect(page.getByText(/This eSIM was cancelled and can no longer be installed/)).toBeVisible();
  await expect(page.locator("#esim-qr-heading")).toHaveCount(0);
  await checkA11y(page);
});
