import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "./fixtures.ts";
import { PLAN, signUp } from "./purchase-kit.ts";

// ADRs 0150-0151: a two-eSIM order whose second unit the supplier cannot issue is refunded, and the eSIM already
// issued for it shows as cancelled in My eSIMs, in every language, with nothing left to install.

test.beforeEach(async ({ context }) => {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ "x-forwarded-for": `10.${octet()}.${octet()}.${octet()}` });
});

test.afterEach(async ({ request }) => {
  await request.post("/__dev/esim/supplier-failures", {
    headers: { "x-requested-with": "fetch" },
    data: { orderCode: null },
  });
});

const API = { "x-requested-with": "fetch", "x-currency": "HKD", "x-lang": "en_US" };

interface Listed {
  id: string;
  iccid: string;
  state: string;
}

/** Places a two-unit order, makes the sandbox supplier refuse its second unit for good, and pays for it. */
async function failedTwoUnitOrder(page: Page): Promise<string> {
  const placed = await page.request.post("/o2ord/v1/customer/orders", {
    headers: { ...API, "idempotency-key": randomUUID() },
    data: { platformProductCode: PLAN, quantity: 2 },
  });
  expect(placed.status()).toBe(201);
  const code = (await placed.json()).code as string;
  const failing = await page.request.post("/__dev/esim/supplier-failures", {
    headers: { "x-requested-with": "fetch" },
    data: { orderCode: code, units: [1], retryable: false },
  });
  expect(failing.status(), await failing.text()).toBe(200);
  const started = await page.request.post(`/o2pay/v1/customer/orders/${code}/pay`, { headers: API });
  expect(started.status()).toBe(200);
  const paid = await page.request.post((await started.json()).redirectUrl, {
    headers: { "x-requested-with": "fetch" },
    form: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return code;
}

test("an eSIM issued for an order that then failed shows as cancelled, with nothing to install, in every language", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page.request, `esim-cancelled-${randomUUID().slice(0, 12)}@example.com`);
  const code = await failedTwoUnitOrder(page);

  // The server's one job runner issues unit 0, fails unit 1, refunds, and cancels unit 0 at the supplier.
  let esim: Listed | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/o2esim/v1/customer/esims?page=0&size=20", { headers: API });
        esim = ((await res.json()) as { content: Listed[] }).content[0];
        return esim?.state ?? "none";
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe("CANCELLED");
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json()).status,
      { timeout: 30_000 },
    )
    .toMatch(/^REFUND(ING|ED)$/);

  await page.goto("/ucenter/eSIM");
  const card = page.getByRole("article").filter({ hasText: esim!.iccid });
  await expect(card.locator("[data-state]").first()).toHaveText("Cancelled");
  await expect(card.getByText("Any refund for it shows on its order.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Details and install" })).toHaveCount(0);
  await expect(card.getByRole("progressbar")).toHaveCount(0);

  await card.getByRole("link", { name: "Details", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ucenter/eSIM/${esim!.id}$`));
  await expect(page.getByText(/can no longer be installed or topped up/)).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Install this eSIM" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Install on/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Top up" })).toHaveCount(0);
  await expect(page.getByText(/^LPA:1\$/)).toHaveCount(0);

  for (const [lang, state, notice] of [
    ["zh_CN", "已取消", "如有退款，会显示在其订单页面"],
    ["zh_HK", "已取消", "如有退款，會顯示在其訂單頁面"],
  ] as const) {
    await page.goto(`/${lang}/ucenter/eSIM`);
    const localized = page.getByRole("article").filter({ hasText: esim!.iccid });
    await expect(localized.locator("[data-state]").first()).toHaveText(state);
    await expect(localized.getByText(notice)).toBeVisible();
    await page.goto(`/${lang}/ucenter/eSIM/${esim!.id}`);
    await expect(page.locator("header [data-state]")).toHaveText(state);
    await expect(page.getByText(notice)).toBeVisible();
  }
});
