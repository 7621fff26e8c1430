import { randomUUID } from "node:crypto";
import { expect, hydrated, test } from "./fixtures.ts";
import { FETCH_HEADERS, PLAN, signUp } from "./purchase-kit.ts";

// My eSIMs, 20 at a time (spec 2 /ucenter/eSIM, spec 9 page size and list texts; ADRs 0135, 0152): a shopper with
// more eSIMs than one page sees the next one after "Show more", and the list says when it has shown them all.
// The eSIMs come from one order of 21 placed through the API, issued at once by the sandbox tool (ADR 0153) and
// paid through the sandbox payment page's form: no browser checkout, no supplier round trip per eSIM.

const PAGE = 20;
const API = { ...FETCH_HEADERS, "x-currency": "HKD", "x-lang": "en_US" };

interface EsimList {
  content: { id: string; iccid: string }[];
  totalElements: number;
}

test("more eSIMs than one page: Show more shows the next page, then That's everything", async ({ page }) => {
  await signUp(page.request);
  const placed = await page.request.post("/o2ord/v1/customer/orders", {
    headers: { ...API, "idempotency-key": randomUUID() },
    data: { platformProductCode: PLAN, quantity: PAGE + 1 },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { code } = await placed.json();
  // The sandbox issues all 21 at once; paying then completes the order through the real webhook and job.
  const issued = await page.request.post(`/__dev/orders/${code}/issue-esims`, { headers: FETCH_HEADERS });
  expect(issued.status(), await issued.text()).toBe(200);
  const started = await page.request.post(`/o2pay/v1/customer/orders/${code}/pay`, { headers: API });
  expect(started.status(), await started.text()).toBe(200);
  const paid = await page.request.post((await started.json()).redirectUrl, {
    headers: FETCH_HEADERS,
    form: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  const res = await page.request.get("/o2esim/v1/customer/esims?page=0&size=100", { headers: API });
  const all = (await res.json()) as EsimList;
  expect(all.totalElements).toBe(PAGE + 1);
  // The API's order is the page's order: the oldest eSIM is the one beyond the first page.
  const firstPage = all.content.slice(0, PAGE).map((e) => e.iccid);
  const beyond = all.content[PAGE]!.iccid;

  await page.goto("/ucenter/eSIM");
  await hydrated(page);
  const cards = page.getByRole("article");
  await expect(page.getByText("21 eSIMs", { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(PAGE);
  await expect(cards.first()).toContainText(firstPage[0]!);
  await expect(cards.last()).toContainText(firstPage[PAGE - 1]!);
  await expect(page.getByText(beyond)).toHaveCount(0);
  await expect(page.getByText("That's everything")).toHaveCount(0);

  await page.getByRole("link", { name: "Show more" }).click();
  await expect(page).toHaveURL(/\/ucenter\/eSIM\?page=1$/);
  await expect(cards).toHaveCount(PAGE + 1);
  await expect(cards.last()).toContainText(beyond);
  // The new eSIM takes the focus, so the keyboard carries on where the new ones start.
  await expect(page.locator("li:focus")).toContainText(beyond);
  // The first page is still there above it, in the same order: every eSIM once.
  for (const [index, iccid] of [...firstPage, beyond].entries())
    await expect(cards.nth(index)).toContainText(iccid);
  await expect(page.getByText("That's everything")).toBeVisible();
  await expect(page.getByRole("link", { name: "Show more" })).toHaveCount(0);
});
