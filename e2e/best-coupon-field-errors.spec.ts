import { checkA11y, desktop, expect, hydrated, test } from "./fixtures.ts";
import { PLAN, randomClientIp, signUp } from "./purchase-kit.ts";

// Issue 30 (ADR 0319). Item 5: checkout opens with the best coupon the shopper holds already applied (a new account
// holds "Welcome 10% off": HK$77.40 instead of HK$86.00 for the Japan 3GB plan); "Don't use a coupon" is the
// shopper's to choose, and it stays chosen through a new quantity and a reload. Item 6: a field's error goes as soon
// as the field is valid, without another submit.

test.use(desktop);

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
});

test("a new shopper's checkout opens with the welcome coupon applied; removing it sticks", async ({
  page,
}) => {
  await signUp(page.request);
  await page.goto(`/checkout?platformProductCode=${PLAN}&quantity=1`);
  await hydrated(page);
  const total = page.getByTestId("checkout-total");
  await expect(total).toHaveText("HK$77.40");
  const row = page.getByRole("button", { name: /Coupons and payment/ });
  await expect(row).toContainText("Welcome 10% off");
  await expect(page.getByRole("button", { name: /^Pay HK\$77\.40/ })).toBeEnabled();
  await expect(page).toHaveURL(/couponCode=WELCOME10/);

  await row.click();
  const dialog = page.getByRole("dialog", { name: "Coupons and payment" });
  await expect(dialog.getByRole("radio", { name: /Welcome 10% off/ })).toBeChecked();
  await checkA11y(page);
  await dialog.getByRole("radio", { name: "Don't use a coupon" }).check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(total).toHaveText("HK$86.00");
  await expect(row).toContainText("No coupon");
  await expect(page).toHaveURL(/noCoupon=1/);

  // The next quote (a second plan) and a reload keep the shopper's "No coupon".
  await page.getByRole("button", { name: "One more" }).click();
  await expect(total).toHaveText("HK$172.00");
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Quantity")).toHaveValue("2");
  await expect(total).toHaveText("HK$172.00");
  await expect(row).toContainText("No coupon");

  // Choosing the coupon again puts it back.
  await row.click();
  await dialog.getByRole("radio", { name: /Welcome 10% off/ }).check();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(total).toHaveText("HK$154.80");
  await expect(page).not.toHaveURL(/noCoupon/);
});

test("an empty submit's 'This field is required' goes once the field is filled, without another submit", async ({
  page,
}) => {
  await page.goto("/register");
  await hydrated(page);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  const email = page.getByRole("textbox", { name: "E-mail" });
  const password = page.getByLabel("Password", { exact: true });
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/This field is required/);
  await expect(password).toHaveAttribute("aria-invalid", "true");

  // Not yet valid: the field says what is wrong now.
  await email.fill("traveller");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).not.toHaveAccessibleDescription(/This field is required/);
  // Valid: the error is gone; the fields still empty keep theirs.
  await email.fill("traveller@example.com");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("This field is required")).not.toHaveCount(0);
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await checkA11y(page);
});
