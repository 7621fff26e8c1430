import { checkA11y, expect, hydrated, mobile, test } from "./fixtures.ts";
import { PLAN, randomClientIp, receiveCoupon, signUp } from "./purchase-kit.ts";

// ADR 0155: the checkout's coupon dialog lists a coupon that would leave a total above 0 but below the card
// minimum as unusable, with the reason, instead of offering it. The seeded E2E-BELOW-MIN-84 takes HK$84 off the
// HK$86.00 Japan 3GB plan: HK$2.00 is left on one plan (the sandbox, like Stripe, charges at least HK$4.00),
// HK$88.00 on two.

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

test("a coupon that would leave less than the card minimum says why; two plans make it usable", async ({
  page,
}) => {
  await signUp(page.request);
  // Issue 30: the seed keeps this test coupon switched off; the sandbox tool switches it on for the test.
  const enabled = await page.request.post("/__dev/coupons/E2E-BELOW-MIN-84/enabled", {
    headers: { "x-requested-with": "fetch" },
    data: { enabled: true },
  });
  expect(enabled.status(), await enabled.text()).toBe(200);
  await receiveCoupon(page.request, "E2E-BELOW-MIN-84");
  // WELCOME10 is already in the new account's wallet (ADR 0252).

  // zh_CN: the reason is in the shopper's language.
  await page.goto(`/zh_CN/checkout?platformProductCode=${PLAN}&quantity=1`);
  await hydrated(page);
  await page.getByRole("button", { name: /优惠券与支付方式/ }).click();
  const zhDialog = page.getByRole("dialog", { name: "优惠券与支付方式" });
  const zhBelow = zhDialog.getByRole("radio", { name: /测试：日本 3GB 减 HK\$84/ });
  await expect(zhBelow).toBeDisabled();
  await expect(zhBelow).toHaveAccessibleDescription(
    /^不可用：使用该优惠券后，支付金额将低于银行卡最低支付金额 HK\$4\.00/,
  );

  await page.goto(`/checkout?platformProductCode=${PLAN}&quantity=1`);
  await hydrated(page);
  const open = page.getByRole("button", { name: /Coupons and payment/ });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Coupons and payment" });
  const below = dialog.getByRole("radio", { name: /Test: HK\$84 off Japan 3GB/ });
  await expect(below).toBeDisabled();
  await expect(below).toHaveAccessibleDescription(
    /^Cannot be used: This coupon would bring the total below the minimum card payment of HK\$4\.00/,
  );
  // The other coupon is offered as usual.
  await expect(dialog.getByRole("radio", { name: /Welcome 10% off/ })).toBeEnabled();
  await checkA11y(page);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // A second plan: the same coupon now leaves HK$88.00 and can be chosen and paid. (The welcome coupon, the best
  // usable one when the page opened, is on the line: 10 % off HK$172.00, issue 30.)
  await page.getByRole("button", { name: "One more" }).click();
  await expect(page.getByTestId("checkout-total")).toContainText("HK$154.80");
  await open.click();
  await expect(below).toBeEnabled();
  await expect(below).toHaveAccessibleDescription(/^Saves HK\$84\.00/);
  await below.check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("checkout-total")).toContainText("HK$88.00");
  await expect(page.getByRole("button", { name: /^Pay HK\$88\.00/ })).toBeEnabled();
});

test.describe("on a phone (spec 2: dialogs tied to a query key open through the router on small screens only)", () => {
  test.use(mobile);

  test("the coupon and payment dialog opens with couponDialog in the URL, and Back closes it", async ({
    page,
  }) => {
    await signUp(page.request);
    await page.goto(`/checkout?platformProductCode=${PLAN}&quantity=1`);
    await hydrated(page);
    await page.getByRole("button", { name: /Coupons and payment/ }).click();
    await expect(page).toHaveURL(/[?&]couponDialog=true/);
    const dialog = page.getByRole("dialog", { name: "Coupons and payment" });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/couponDialog/);
  });
});
