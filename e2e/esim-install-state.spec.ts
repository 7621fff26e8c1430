import { randomUUID } from "node:crypto";
import { expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { FETCH_HEADERS, PLAN, signUp } from "./purchase-kit.ts";

// Installing from the eSIM detail in a browser (issue 6; ADRs 0168, 0169): the shopper says "I've installed it"
// and the eSIM reads as installed in the detail and the list; an iPhone older than iOS 17.4 gets no one-tap link
// that would do nothing, but is sent to the codes to enter by hand. Each test has its own shopper and eSIM,
// issued at once by the sandbox tool (ADR 0153) for an order paid through the sandbox payment page's form.

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const OLD_IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.7 Mobile/15E148 Safari/604.1";

/**
 * Signs a shopper up from an address of their own (per-IP limits count per shopper; `n` tells this file's tests
 * apart, the run's repeat and retry tell runs apart), and gives them one paid eSIM.
 */
async function shopperWithEsim(page: Page, n: number): Promise<{ id: string; iccid: string }> {
  const { repeatEachIndex, retry } = test.info();
  await page
    .context()
    .setExtraHTTPHeaders({ "x-forwarded-for": `10.169.${(repeatEachIndex * 4 + retry) % 250}.${n}` });
  const { request } = page;
  await signUp(request);
  const placed = await request.post("/o2ord/v1/customer/orders", {
    headers: { ...API, "idempotency-key": randomUUID() },
    data: { platformProductCode: PLAN, quantity: 1 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { code } = await placed.json();
  const issued = await request.post(`/__dev/orders/${code}/issue-esims`, { headers: FETCH_HEADERS });
  expect(issued.status(), await issued.text()).toBe(200);
  const started = await request.post(`/o2pay/v1/customer/orders/${code}/pay`, { headers: API });
  expect(started.status(), await started.text()).toBe(200);
  const paid = await request.post((await started.json()).redirectUrl, {
    headers: FETCH_HEADERS,
    form: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const list = await request.get("/o2esim/v1/customer/esims?page=0&size=20", { headers: API });
  const [esim] = (await list.json()).content as { id: string; iccid: string; state: string }[];
  expect(esim?.state).toBe("READY");
  return esim!;
}

test("I've installed it: the eSIM reads as installed in the detail and in the list", async ({ page }) => {
  const esim = await shopperWithEsim(page, 1);
  // Offered in every locale while the eSIM is ready to install.
  await page.goto(`/zh_CN/ucenter/eSIM/${esim.id}`);
  await expect(page.locator("header [data-state]")).toHaveText("待安装");
  await expect(page.getByRole("button", { name: "我已安装" })).toBeVisible();
  await page.goto(`/zh_HK/ucenter/eSIM/${esim.id}`);
  await expect(page.getByRole("button", { name: "我已安裝" })).toBeVisible();

  await page.goto(`/ucenter/eSIM/${esim.id}`);
  await hydrated(page);
  const badge = page.locator("header [data-state]");
  await expect(badge).toHaveText("Ready to install");
  await page.getByRole("button", { name: "I've installed it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Marked as installed" })).toBeVisible();
  await expect(badge).toHaveText("Installed");
  await expect(page.getByRole("button", { name: "I've installed it" })).toHaveCount(0);
  // The codes stay as they were: a profile can be needed again.
  await expect(page.getByRole("img", { name: /QR code to install eSIM/ })).toBeVisible();

  await page.goto("/ucenter/eSIM");
  const card = page.getByRole("article").filter({ hasText: esim.iccid });
  await expect(card.locator("[data-state]").first()).toHaveText("Installed");

  // Once installed it is no longer offered, in any locale.
  await page.goto(`/zh_CN/ucenter/eSIM/${esim.id}`);
  await expect(page.locator("header [data-state]")).toHaveText("已安装");
  await expect(page.getByRole("button", { name: "我已安装" })).toHaveCount(0);
});

test.describe("on an iPhone older than iOS 17.4", () => {
  test.use({ ...mobile, userAgent: OLD_IPHONE_UA });

  test("no one-tap link; the page says why and leads to the codes to enter by hand", async ({ page }) => {
    const esim = await shopperWithEsim(page, 2);
    await page.goto(`/ucenter/eSIM/${esim.id}`);
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Install on iPhone" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Install on Android" })).toHaveCount(0);
    await expect(page.getByText("One-tap install needs iOS 17.4 or later.")).toBeVisible();
    await page.getByRole("link", { name: "Show the details to enter" }).click();
    await expect(page.getByRole("heading", { name: "Enter the details manually" })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Copy SM-DP+ address" })).toBeVisible();
    // Still ready to install, and it can be said so from here too.
    await expect(page.getByRole("button", { name: "I've installed it" })).toBeVisible();
  });
});

test.describe("on an Android phone", () => {
  test.use({ ...mobile, userAgent: ANDROID_UA });

  test("the Android one-tap link comes first, carrying the LPA shown for manual entry; no iPhone link", async ({
    page,
  }) => {
    const esim = await shopperWithEsim(page, 3);
    await page.goto(`/ucenter/eSIM/${esim.id}`);
    const install = page.getByRole("link", { name: "Install on Android" });
    await expect(install).toBeVisible();
    await expect(page.getByRole("link", { name: "Install on iPhone" })).toHaveCount(0);
    const lpa = await page
      .locator("dt")
      .filter({ hasText: /^Full activation code/ })
      .locator("xpath=following-sibling::dd[1]//code")
      .textContent();
    expect(lpa).toMatch(/^LPA:1\$/);
    const href = new URL((await install.getAttribute("href")) ?? "");
    expect(href.searchParams.get("carddata")).toBe(lpa);
    const installBox = await install.boundingBox();
    const qrBox = await page.getByRole("img", { name: /QR code to install eSIM/ }).boundingBox();
    expect(installBox!.y).toBeLessThan(qrBox!.y);
  });
});
