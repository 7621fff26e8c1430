import { expect, hydrated, test } from "./fixtures.ts";
import { FETCH_HEADERS, receiveCoupon, signUp } from "./purchase-kit.ts";

// My coupons, 20 at a time (spec 2 /my/coupon and /ucenter/coupon, spec 9 list texts; ADR 0152): a shopper with
// more coupons than one page sees the rest after "Show more", each coupon once, and the list says when it has
// loaded everything.

const PAGE = 20;

/**
 * A new shopper with WELCOME10 (ends 31 Dec 2030; every new account gets it, ADR 0252) and `copies` of REWARD5
 * (ends 30 Jun 2030, collectable again and again). Available coupons are listed soonest end first, so WELCOME10
 * is always the last one.
 */
async function shopperWithCoupons(request: Parameters<typeof signUp>[0], copies: number) {
  await signUp(request);
  for (let i = 0; i < copies; i += 1) await receiveCoupon(request, "REWARD5");
  const res = await request.get(`/o2mkt/v1/customer/coupons?state=available&page=0&size=${PAGE}`, {
    headers: FETCH_HEADERS,
  });
  expect((await res.json()).totalElements).toBe(copies + 1);
}

test("more coupons than one page: 查看更多 shows the next page with 数据加载中... meanwhile, then 已经加载完毕", async ({
  page,
}) => {
  await shopperWithCoupons(page.request, PAGE + 1);

  await page.goto("/zh_CN/my/coupon");
  await hydrated(page);
  const wallet = page.locator('[data-wallet="available"]');
  const cards = wallet.locator("[data-coupon]");
  await expect(cards).toHaveCount(PAGE);
  await expect(wallet.locator('[data-coupon="WELCOME10"]')).toHaveCount(0);
  await expect(page.getByText("已经加载完毕")).toHaveCount(0);

  // Hold the next page's data until the loading text has been seen: a slow network, made certain.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldRequests = 0;
  await page.route(/\/zh_CN\/my\/coupon\.data\?.*page=1/, async (route) => {
    heldRequests += 1;
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "查看更多" }).click();
  await expect(page.getByRole("status").filter({ hasText: "数据加载中..." })).toBeVisible();
  expect(heldRequests).toBe(1);
  release();

  await expect(cards).toHaveCount(PAGE + 2);
  // The first new coupon takes the focus, so the keyboard carries on where the new ones start.
  await expect(wallet.locator(":scope > li").nth(PAGE)).toBeFocused();
  await expect(page).toHaveURL(/\/zh_CN\/my\/coupon\?page=1$/);
  await expect(wallet.locator('[data-coupon="WELCOME10"]')).toHaveCount(1);
  await expect(wallet.locator('[data-coupon="REWARD5"]')).toHaveCount(PAGE + 1);
  await expect(page.getByText("已经加载完毕")).toBeVisible();
  await expect(page.getByRole("link", { name: "查看更多" })).toHaveCount(0);
  await expect(page.getByText("数据加载中...")).toHaveCount(0);

  // The address is the place in the list: a reload (or Back from elsewhere) shows the same coupons.
  await page.reload();
  await expect(cards).toHaveCount(PAGE + 2);
  await expect(page.getByText("已经加载完毕")).toBeVisible();
});

test("exactly one page of coupons says 已经加载完毕 with no 查看更多; /ucenter/coupon pages the same way", async ({
  page,
}) => {
  await shopperWithCoupons(page.request, PAGE - 1);

  await page.goto("/zh_CN/my/coupon");
  await expect(page.locator('[data-wallet="available"] [data-coupon]')).toHaveCount(PAGE);
  await expect(page.getByText("已经加载完毕")).toBeVisible();
  await expect(page.getByRole("link", { name: "查看更多" })).toHaveCount(0);

  // One more coupon makes a second page, on the other address too (English).
  await receiveCoupon(page.request, "REWARD5");
  await page.goto("/ucenter/coupon");
  await hydrated(page);
  await expect(page.locator('[data-wallet="available"] [data-coupon]')).toHaveCount(PAGE);
  await page.getByRole("link", { name: "Show more" }).click();
  await expect(page).toHaveURL(/\/ucenter\/coupon\?page=1$/);
  await expect(page.locator('[data-wallet="available"] [data-coupon]')).toHaveCount(PAGE + 1);
  await expect(page.locator('[data-wallet="available"] [data-coupon="WELCOME10"]')).toHaveCount(1);
  await expect(page.locator("li:focus [data-coupon]")).toHaveAttribute("data-coupon", "WELCOME10");
  await expect(page.getByText("That's everything")).toBeVisible();

  // Another tab starts at its first page again; it is empty, so it says so and shows no list foot.
  await page.getByRole("link", { name: "Used" }).click();
  await expect(page).toHaveURL(/\/ucenter\/coupon\?state=used$/);
  await expect(page.getByText("You have not used a coupon yet.")).toBeVisible();
  await expect(page.getByText("That's everything")).toHaveCount(0);
});
