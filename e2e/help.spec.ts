import { desktop, expect, hydrated, mobile, test } from "./fixtures.ts";
import { PLAN } from "./purchase-kit.ts";

// The help centre (issue 10; spec 2 /ucenter/help with search). axe runs on every page visited.

for (const [name, viewport] of [
  ["390 px", mobile],
  ["1440 px", desktop],
] as const) {
  test.describe(`help centre at ${name}`, () => {
    test.use(viewport);

    test("search the help centre in zh_HK, open an article and say it helped", async ({ page }) => {
      const response = await page.goto("/zh_HK/ucenter/help");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/zh_HK\/ucenter\/help$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("幫助中心");
      await expect(page.getByRole("heading", { name: "退款", level: 3 })).toBeVisible();
      await hydrated(page);

      // Typed in Simplified Chinese, found in the Traditional articles.
      await page.getByRole("searchbox", { name: "搜尋幫助中心" }).fill("安装");
      await page.getByRole("button", { name: "搜尋" }).click();
      await expect(page).toHaveURL(/\/zh_HK\/ucenter\/help\?keyword=/);
      const results = page.getByRole("region", { name: "「安装」的搜尋結果" });
      await expect(results.getByRole("status")).toHaveText(/^找到的文章：\d+$/);
      await results.getByRole("link", { name: "如何在 iPhone 上安裝 eSIM？" }).click();

      await expect(page).toHaveURL(/\/zh_HK\/ucenter\/help\/install-on-iphone$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("如何在 iPhone 上安裝 eSIM？");
      await hydrated(page);
      const helpful = page.getByRole("region", { name: "這篇文章有幫助嗎？" });
      await helpful.getByRole("button", { name: "有幫助", exact: true }).click();
      await expect(helpful.getByRole("status")).toHaveText("多謝您的意見。");
      await expect(helpful.getByRole("button", { name: "有幫助", exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );

      await page
        .getByRole("region", { name: "相關文章" })
        .getByRole("link", { name: "如何在 Android 手機上安裝 eSIM？" })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("如何在 Android 手機上安裝 eSIM？");
    });
  });
}

test("a help word searches, a typo still finds the article, and no match says so", async ({ page }) => {
  await page.goto("/ucenter/help");
  await hydrated(page);
  await page.getByRole("link", { name: "refund", exact: true }).click();
  await expect(
    page
      .getByRole("region", { name: "Results for “refund”" })
      .getByRole("link", { name: "How do I get a refund?" }),
  ).toBeVisible();
  await page.goto("/ucenter/help?keyword=roamng");
  await expect(page.getByRole("link", { name: "Why must I turn on data roaming?" }).first()).toBeVisible();
  await page.goto("/ucenter/help?keyword=zebra");
  await expect(page.getByRole("region", { name: "Results for “zebra”" }).getByRole("status")).toHaveText(
    "No article matches “zebra”. Try other words, or contact us below.",
  );
  const missing = await page.goto("/ucenter/help/no-such-article");
  expect(missing?.status()).toBe(404);
});

test("the checkout links to the help articles that fit it", async ({ page }) => {
  // A visitor's checkout opens the sign-in popup over the page; the links are there under it.
  await page.goto(`/zh_CN/checkout?platformProductCode=${PLAN}&quantity=1`);
  const help = page.getByRole("navigation", { name: "需要帮助？", includeHidden: true });
  const link = help.getByRole("link", { name: "付款方式", includeHidden: true });
  await expect(link).toHaveAttribute("href", "/zh_CN/ucenter/help/payment-methods");
  await page.goto("/zh_CN/ucenter/help/payment-methods");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("可以使用哪些付款方式？");
});

test("send a support message from an article; it reaches the support inbox", async ({ page }) => {
  const email = `help-${Date.now().toString(36)}@example.com`;
  await page.goto("/zh_HK/ucenter/help/no-connection-abroad");
  await hydrated(page);
  const form = page.getByRole("form", { name: "聯絡客服" });
  await form.getByLabel("您的電郵").fill(email);
  await form.getByLabel("問題類型").selectOption("abroad");
  await form.getByLabel("訂單編號（選填）").fill("R2025XYZ");
  await form.getByLabel("需要甚麼協助？").fill("I landed in Beijing and have no data.");
  await form.getByRole("button", { name: "發送訊息" }).click();
  await expect(page.getByText("多謝，您的訊息已發送。我們會在一個工作天內以電郵回覆。")).toBeVisible();
  const inbox = await page.request.get("/__dev/outbox?to=support@roamly.example");
  const messages = (await inbox.json()).messages as { subject: string; body: string }[];
  expect(messages.find((m) => m.subject === `[abroad] R2025XYZ from ${email}`)?.body).toContain(
    "I landed in Beijing and have no data.",
  );
});
