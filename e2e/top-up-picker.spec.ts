import { randomUUID } from "node:crypto";
import { checkA11y, expect, hydrated, mobile, type Page, test } from "./fixtures.ts";
import { CARDS, FETCH_HEADERS, PLAN, payWithCard, signUp } from "./purchase-kit.ts";

// The top-up picker (issue 12, ADR 0255): from an eSIM, the shopper chooses among the top-up packages that fit
// its coverage (not only the same plan), sees data, days and price in their currency, pays in the sandbox and
// finds the top-up on the same eSIM. At 390 px, as on a phone.

test.use({ ...mobile });

const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };
const OTHER = "JP-5GB-30D";

interface TopUpOptions {
  preselected: string | null;
  packages: { platformProductCode: string; title: string; unitPrice: number; currencyCode: string }[];
}

/** A new shopper with one delivered eSIM (issued at once by the sandbox tool, ADR 0153, then paid). */
async function shopperWithEsim(page: Page): Promise<{ id: string; iccid: string }> {
  const { repeatEachIndex, retry } = test.info();
  await page.context().setExtraHTTPHeaders({
    "x-forwarded-for": `10.171.${(repeatEachIndex * 4 + retry) % 250}.${1 + (Date.now() % 200)}`,
  });
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
  const [esim] = (await list.json()).content as { id: string; iccid: string }[];
  expect(esim).toBeTruthy();
  // A top-up waits until the eSIM's own order is complete (the payment webhook and its job, on the server's one
  // job runner shared with other tests).
  await expect
    .poll(
      async () =>
        (await (await request.get(`/o2ord/v1/customer/orders/${code}`, { headers: API })).json()).status,
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe("COMPLETED");
  return esim!;
}

/** HK$59.90 from minor units. */
function hkd(minor: number): string {
  return `HK$${(minor / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

test("choose another top-up package for an eSIM, pay in the sandbox and see it on the eSIM", async ({
  page,
}) => {
  // The order completes through the webhook and the job runner, shared with other tests on a busy run.
  test.setTimeout(150_000);
  const esim = await shopperWithEsim(page);
  // A top-up waits until the eSIM's own order is complete (the payment webhook and its job).
  let options: TopUpOptions | null = null;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/o2esim/v1/customer/esims/${esim.id}/top-ups`, { headers: API });
        options = res.ok() ? ((await res.json()) as TopUpOptions) : null;
        return res.status();
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(200);
  const other = options!.packages.find((p) => p.platformProductCode === OTHER)!;
  expect(other).toBeTruthy();

  await page.goto(`/ucenter/eSIM/${esim.id}`);
  await hydrated(page);
  await page.getByRole("link", { name: "Top up" }).click();
  await expect(page).toHaveURL(new RegExp(`/ucenter/eSIM/${esim.id}/top-up$`));
  await expect(page.getByRole("heading", { level: 1, name: "Choose a top-up" })).toBeVisible();
  await expect(page.getByText(`Data for your eSIM ending ${esim.iccid.slice(-4)}`)).toBeVisible();
  await hydrated(page);

  // The plan the eSIM was issued with is preselected; every package shows its data, days and price in HKD.
  const packages = page.locator("[data-top-up-package]");
  await expect(packages).toHaveCount(options!.packages.length);
  const current = page.locator(`[data-top-up-package="${PLAN}"]`);
  await expect(current.getByRole("radio")).toBeChecked();
  await expect(current).toContainText("your current plan");
  await expect(current).toContainText("3 GB");
  await expect(current).toContainText("30 days");
  const choice = page.locator(`[data-top-up-package="${OTHER}"]`);
  await expect(choice).toContainText(other.title);
  await expect(choice).toContainText("5 GB");
  await expect(choice).toContainText(hkd(other.unitPrice));
  await checkA11y(page);

  // By keyboard: the radio group moves the choice with the arrow keys.
  await current.getByRole("radio").focus();
  const radios = page.getByRole("radio");
  const from = await radios.evaluateAll((all) => all.findIndex((r) => (r as HTMLInputElement).checked));
  const to = options!.packages.findIndex((p) => p.platformProductCode === OTHER);
  for (let i = from; i < to; i += 1) await page.keyboard.press("ArrowDown");
  for (let i = from; i > to; i -= 1) await page.keyboard.press("ArrowUp");
  await expect(choice.getByRole("radio")).toBeChecked();
  await expect(current.getByRole("radio")).not.toBeChecked();
  await page.getByRole("button", { name: "Continue to checkout" }).click();

  // The top-up checkout: today's wording, no quantity, the chosen package at its price.
  await expect(page).toHaveURL(/\/checkout\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("platformProductCode")).toBe(OTHER);
  expect(url.searchParams.get("iccid")).toBe(esim.iccid);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Top up your eSIM" })).toBeVisible();
  await expect(page.getByText(`Adding data to eSIM …${esim.iccid.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(other.title).first()).toBeVisible();
  await expect(page.getByLabel("Quantity")).toHaveCount(0);
  const placed = page.waitForResponse(
    (r) => r.url().endsWith("/o2ord/v1/customer/orders") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: /^Pay HK\$/ }).click();
  expect((await placed).status()).toBe(201);
  await payWithCard(page, CARDS.success);
  await expect(page.getByRole("status").filter({ hasText: "Top-up paid" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "View your eSIM" }).click({ timeout: 60_000 });

  // The same eSIM now carries the chosen package as a top-up.
  await expect(page).toHaveURL(new RegExp(`/ucenter/eSIM/${esim.id}$`));
  const topUp = page.getByRole("listitem").filter({ hasText: other.title }).filter({ hasText: "(Top-up)" });
  await expect(topUp).toBeVisible();
  await expect(page.getByText(esim.iccid).first()).toBeVisible();
});

test.describe("a forged package", () => {
  // The refused quote is a 400 the browser logs before the page shows why.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test("a forged package in the top-up checkout URL is refused with a clear message", async ({ page }) => {
    test.setTimeout(120_000);
    const esim = await shopperWithEsim(page);
    await expect
      .poll(
        async () =>
          (await page.request.get(`/o2esim/v1/customer/esims/${esim.id}/top-ups`, { headers: API })).status(),
        { timeout: 60_000, intervals: [500, 1000, 2000] },
      )
      .toBe(200);
    await page.goto(`/checkout?platformProductCode=KR-3GB-30D&iccid=${esim.iccid}`);
    await hydrated(page);
    await expect(
      page.getByRole("alert").filter({ hasText: "That package can't top up this eSIM." }),
    ).toBeVisible();
  });
});
