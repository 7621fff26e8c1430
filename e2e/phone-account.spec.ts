import { expect, hydrated, mobile, test } from "./fixtures.ts";
import { PLAN, randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";

// Issue 30 item 8: on a phone (390×844) the header's account menu is hidden, so the profile tab's page reaches
// what it offers: the notifications with their unread count, the settings, and logging out. The notices come
// from a real purchase through the payment and eSIM sandboxes.

test.use(mobile);

test("the profile tab reaches the notifications with their unread count, the settings and log out", async ({
  page,
}) => {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  const email = uniqueEmail("phone-account");
  await signUp(page.request, email);

  // A purchase leaves two unread notices: payment received, then the eSIM is ready.
  await page.goto(`/checkout?platformProductCode=${PLAN}`);
  await hydrated(page);
  await page.getByLabel("E-mail for delivery").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/o2cum/v1/customer/notifications/unread-count");
        return res.ok() ? ((await res.json()) as { count: number }).count : -1;
      },
      { timeout: 45_000, intervals: [1000, 2000] },
    )
    .toBe(2);

  // From home, the profile tab.
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Main sections" })
    .getByRole("link", { name: "Profile" })
    .click();
  await expect(page).toHaveURL(/\/my\/userInfo$/);
  await hydrated(page);
  const shortcuts = page.getByRole("navigation", { name: "Account shortcuts" });
  const notifications = shortcuts.getByRole("link", { name: "Notifications (2 unread)" });
  await expect(notifications).toBeVisible();
  await expect(shortcuts.getByRole("link", { name: "Settings" })).toBeVisible();
  await expect(shortcuts.getByRole("button", { name: "Log out" })).toBeVisible();

  // Notifications.
  await notifications.click();
  await expect(page).toHaveURL(/\/ucenter\/push$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notifications");

  // Settings (language and currency).
  await page.goBack();
  await shortcuts.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/logins\/preference$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Preferences");

  // The same in Chinese.
  await page.goto("/zh_CN/my/userInfo");
  const zh = page.getByRole("navigation", { name: "账户快捷入口" });
  await expect(zh.getByRole("link", { name: "消息通知（2 条未读）" })).toBeVisible();
  await expect(zh.getByRole("link", { name: "设置" })).toBeVisible();

  // Log out, after confirming.
  await page.goto("/my/userInfo");
  await shortcuts.getByRole("button", { name: "Log out" }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure you want to log out?" });
  await confirm.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/$/);
  await hydrated(page);
  // Signed out: the profile tab now asks to log in.
  await page
    .getByRole("navigation", { name: "Main sections" })
    .getByRole("link", { name: "Profile" })
    .click();
  await expect(page).toHaveURL(/\/login\?pageFrom=/);
});
