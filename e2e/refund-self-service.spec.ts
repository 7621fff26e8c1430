import { randomUUID } from "node:crypto";
import { PNG } from "pngjs";
import { checkA11y, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { FETCH_HEADERS, PLAN, randomClientIp, signUp } from "./purchase-kit.ts";

// Issue 29 (ADRs 0352-0353): a shopper cancels an unused eSIM from the order page for a full refund, to the card
// or as store credit as chosen, in every language, and sees the refund, the eSIM cancelled and its QR code gone;
// a shopper with an installed eSIM asks for a refund with a reason and a screenshot and sees it pending. Real
// server, sandbox payment and supplier, real Chromium; axe on every page.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };

/** A small real PNG (the server decodes and re-encodes an upload). */
function screenshot(): Buffer {
  const png = new PNG({ width: 24, height: 16 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 200;
    png.data[i + 1] = 40;
    png.data[i + 2] = 40;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

/** Signs a new shopper up in the page's context, buys one eSIM on the sandbox and waits for its delivery. */
async function deliveredOrder(page: Page): Promise<{ code: string; esim: { id: string; iccid: string } }> {
  await signUp(page.request, `refund-${randomUUID().slice(0, 12)}@example.com`);
  const placed = await page.request.post("/o2ord/v1/customer/orders", {
    headers: { ...API, "idempotency-key": randomUUID() },
    data: { platformProductCode: PLAN, quantity: 1 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const code = (await placed.json()).code as string;
  const started = await page.request.post(`/o2pay/v1/customer/orders/${code}/pay`, { headers: API });
  expect(started.status()).toBe(200);
  const paid = await page.request.post((await started.json()).redirectUrl, {
    headers: FETCH_HEADERS,
    form: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json()).status,
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe("COMPLETED");
  const order = await (await page.request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json();
  return { code, esim: order.esims[0] as { id: string; iccid: string } };
}

interface Words {
  prefix: string;
  panel: string;
  toCard: RegExp;
  toCredit: RegExp;
  cancel: string;
  confirm: string;
  refundedCard: RegExp;
  refundedCredit: RegExp;
  cancelled: string;
  notice: RegExp;
  qrHeading: string;
}

const WORDS: Record<"en_US" | "zh_CN" | "zh_HK", Words> = {
  en_US: {
    prefix: "",
    panel: "Cancel or refund",
    toCard: /Back to my card \(takes up to \d+ days\)/,
    toCredit: /As store credit \(at once\)/,
    cancel: "Cancel eSIM and refund",
    confirm: "Cancel and refund",
    refundedCard: /HK\$[\d.]+ refunded to your card/,
    refundedCredit: /HK\$[\d.]+ refunded to your store credit/,
    cancelled: "Cancelled",
    notice: /This eSIM was cancelled and can no longer be installed/,
    qrHeading: "Scan the QR code",
  },
  zh_CN: {
    prefix: "/zh_CN",
    panel: "取消或退款",
    toCard: /退回银行卡（最多需要 \d+ 天）/,
    toCredit: /退为账户余额（立即到账）/,
    cancel: "取消 eSIM 并退款",
    confirm: "取消并退款",
    refundedCard: /已退款 HK\$[\d.]+ 至您的银行卡/,
    refundedCredit: /已退款 HK\$[\d.]+ 至您的账户余额/,
    cancelled: "已取消",
    notice: /此 eSIM 已取消，无法再安装或充值/,
    qrHeading: "扫描二维码",
  },
  zh_HK: {
    prefix: "/zh_HK",
    panel: "取消或退款",
    toCard: /退回信用卡（最多需要 \d+ 日）/,
    toCredit: /退為帳戶餘額（即時到賬）/,
    cancel: "取消 eSIM 並退款",
    confirm: "取消並退款",
    refundedCard: /已退款 HK\$[\d.]+ 至您的信用卡/,
    refundedCredit: /已退款 HK\$[\d.]+ 至您的帳戶餘額/,
    cancelled: "已取消",
    notice: /此 eSIM 已取消，無法再安裝或增值/,
    qrHeading: "掃描二維碼",
  },
};

async function cancelFromOrderPage(page: Page, locale: keyof typeof WORDS, destination: "CARD" | "CREDIT") {
  test.setTimeout(180_000);
  const words = WORDS[locale];
  const { code, esim } = await deliveredOrder(page);
  await page.goto(`${words.prefix}/my/order/${code}`);
  await hydrated(page);
  const panel = page.getByRole("region", { name: words.panel });
  await expect(panel).toBeVisible();
  // The shopper chooses where the money goes; the card says how long it takes, store credit that it is instant.
  const form = panel.locator("form[data-refund-cancel]");
  await form.getByRole("radio", { name: destination === "CARD" ? words.toCard : words.toCredit }).check();
  await form.getByRole("button", { name: words.cancel }).click();
  // A confirmation first; nothing happens until the shopper says yes.
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole("button", { name: words.confirm }).click();

  // At once: the refund on the order, to where it was asked, and the eSIM cancelled.
  const refunds = page.locator("section[aria-labelledby='order-refunds']");
  await expect(refunds).toContainText(destination === "CARD" ? words.refundedCard : words.refundedCredit);
  await expect(page.locator(`[data-order-esim="CANCELLED"]`)).toContainText(words.cancelled);
  await expect(panel.getByRole("button", { name: words.cancel })).toHaveCount(0);
  await checkA11y(page);

  // The money moved once, as chosen (the API's own record of the refund).
  const order = await (await page.request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json();
  expect(order.status).toMatch(/^REFUND(ING|ED)$/);

  // The eSIM page: cancelled, no QR code, no install data.
  await page
    .getByRole("link", { name: new RegExp(esim.iccid) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/ucenter/eSIM/${esim.id}$`));
  await expect(page.getByText(words.notice)).toBeVisible();
  await expect(page.getByRole("heading", { name: words.qrHeading })).toHaveCount(0);
  await expect(page.locator("#esim-qr-heading")).toHaveCount(0);
}

test("a shopper cancels an unused eSIM from the order page, back to the card (en_US)", async ({ page }) => {
  await cancelFromOrderPage(page, "en_US", "CARD");
});

test("a shopper cancels an unused eSIM from the order page, as store credit (zh_CN)", async ({ page }) => {
  await cancelFromOrderPage(page, "zh_CN", "CREDIT");
});

test.describe("at 390 px", () => {
  test.use(mobile);
  test("a shopper cancels an unused eSIM from the order page, back to the card (zh_HK)", async ({ page }) => {
    await cancelFromOrderPage(page, "zh_HK", "CARD");
  });
});

test("a shopper with an installed eSIM asks for a refund with a reason and a screenshot and sees it pending", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { code, esim } = await deliveredOrder(page);
  // The phone downloads the profile: it can no longer be cancelled, only a refund asked for.
  const installed = await page.request.post("/__dev/esim/installed", {
    headers: FETCH_HEADERS,
    data: { iccid: esim.iccid },
  });
  expect(installed.status(), await installed.text()).toBe(200);

  await page.goto(`/my/order/${code}`);
  await hydrated(page);
  const panel = page.getByRole("region", { name: "Cancel or refund" });
  await expect(panel.getByRole("button", { name: "Cancel eSIM and refund" })).toHaveCount(0);
  const form = panel.locator("form[data-refund-request-form]");
  await expect(form.getByRole("heading", { name: "Ask for a refund" })).toBeVisible();

  // Sent empty: each field says what is wrong, beside it.
  await form.getByRole("button", { name: "Ask for a refund" }).click();
  await expect(form.getByText("This field is required")).toHaveCount(2);
  await expect(form.getByRole("textbox", { name: "What went wrong?" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await checkA11y(page);

  await form.getByRole("radio", { name: /As store credit/ }).check();
  await form.getByRole("textbox", { name: "What went wrong?" }).fill("short");
  await form.getByRole("button", { name: "Ask for a refund" }).click();
  await expect(form.getByText("This is too short")).toBeVisible();
  await form
    .getByRole("textbox", { name: "What went wrong?" })
    .fill("No signal at all in Osaka; the phone shows No Service after restarting.");
  await form.getByLabel("Screenshot (optional)").setInputFiles({
    name: "no-service.png",
    mimeType: "image/png",
    buffer: screenshot(),
  });
  await expect(form.getByRole("list", { name: "Attachments" })).toContainText("no-service.png");
  await form.getByRole("button", { name: "Ask for a refund" }).click();

  // Pending, on the order page, with the reason given.
  const pending = panel.locator("[data-refund-request='REQUESTED']");
  await expect(pending).toContainText("Refund requested, waiting for our reply");
  await expect(pending).toContainText("No signal at all in Osaka");
  await expect(form).toHaveCount(0);
  await expect(panel).toContainText("A refund request for this order is already waiting for our reply.");
  await checkA11y(page);

  // The request holds the screenshot (the operator's queue says one is attached).
  const options = await (
    await page.request.get(`/o2ord/v1/customer/orders/${code}/refund-options`, { headers: API })
  ).json();
  expect(options.requests).toHaveLength(1);
  expect(options.requests[0].status).toBe("REQUESTED");
});

test("the footer links the refund policy, which states the operator's policy in the shopper's language", async ({
  page,
}) => {
  await page.goto("/zh_HK/");
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "退款政策" }).click();
  await expect(page).toHaveURL(/\/zh_HK\/pageHtml\?htmlType=refundPolicy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("退款政策");
  const terms = page.getByRole("region", { name: "您可以做甚麼，期限到何時" });
  await expect(terms).toContainText("付款後 30 日內於其訂單頁面取消");
  await expect(terms).toContainText("即時退為帳戶餘額");
});
