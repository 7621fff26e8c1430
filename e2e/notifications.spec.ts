import { desktop, expect, hydrated, test } from "./fixtures.ts";
import { PLAN, randomClientIp, signUp, uniqueEmail } from "./purchase-kit.ts";

// The notification centre (issue 10; spec 2 /ucenter/push): a purchase's notices arrive, the account menu counts
// the unread ones, and the shopper marks them read. The purchase, the payment sandbox and the eSIM supplier
// sandbox are all real.

test.use(desktop);

test("see a notification arrive after a purchase, and mark it read", async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  const email = uniqueEmail("notify");
  await signUp(page.request, email);
  await page.goto(`/checkout?platformProductCode=${PLAN}`);
  await hydrated(page);
  await page.getByLabel("E-mail for delivery").fill(email);
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/pay\/result\?orderCode=/);
  const orderCode = new URL(page.url()).searchParams.get("orderCode") ?? "";

  // The eSIM is provisioned by a job: wait until both notices are there, as a shopper reloading would.
  await expect
    .poll(
      async () => {
        await page.goto("/zh_CN/ucenter/push");
        return page.getByRole("heading", { level: 3 }).count();
      },
      { timeout: 45_000, intervals: [1000, 2000] },
    )
    .toBe(2);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("消息通知");
  const paid = page.getByRole("article", { name: /已收到付款/ });
  await expect(paid).toContainText(`订单 ${orderCode}`);
  await expect(page.getByRole("article", { name: /您的 eSIM 已就绪/ })).toBeVisible();
  await hydrated(page);

  // The account menu counts the unread notices.
  await page.getByRole("button", { name: /的账户菜单/ }).click();
  await expect(page.getByRole("link", { name: "消息通知（2 条未读）" })).toBeVisible();
  await page.keyboard.press("Escape");

  await paid.getByRole("button", { name: "标为已读" }).click();
  await expect(paid.getByText("未读")).toHaveCount(0);
  await page.getByRole("button", { name: /的账户菜单/ }).click();
  await expect(page.getByRole("link", { name: "消息通知（1 条未读）" })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "全部标为已读" }).click();
  await expect(page.getByRole("button", { name: "全部标为已读" })).toHaveCount(0);
  await page.getByRole("button", { name: /的账户菜单/ }).click();
  await expect(page.getByRole("link", { name: "消息通知", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");

  // Preferences: switch off the 80 % e-mail, save, and find it off after a reload.
  await page.getByRole("checkbox", { name: "流量已用 80%: 邮件" }).uncheck();
  await page.getByRole("button", { name: "保存设置" }).click();
  await expect(page.getByRole("status").filter({ hasText: "设置已保存" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "流量已用 80%: 邮件" })).not.toBeChecked();

  // And the page at phone width (axe checks it there too).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("消息通知");
});
