import { desktop, expect, hydrated, mobile, test } from "./fixtures.ts";

// Issue 10: legal documents (spec 2 /pageHtml), about us and join us (spec 2 /ucenter/about-us, /ucenter/join-us).
// The harness runs axe on every page visited, at the viewport each describe block sets.

for (const [name, viewport] of [
  ["390 px", mobile],
  ["1440 px", desktop],
] as const) {
  test.describe(`legal and company pages at ${name}`, () => {
    test.use(viewport);

    test("read the terms from the sign-up form, then the privacy and refund policies", async ({
      page,
      context,
    }) => {
      await page.goto("/zh_CN/register");
      await hydrated(page);
      const [terms] = await Promise.all([
        context.waitForEvent("page"),
        page.locator("form").getByRole("link", { name: "《用户协议》" }).click(),
      ]);
      await terms.waitForLoadState();
      await expect(terms).toHaveURL(/\/zh_CN\/pageHtml\?type=tacCondition$/);
      await expect(terms.getByRole("heading", { level: 1 })).toHaveText("服务条款");
      await expect(terms.getByText(/^版本 1，.+起生效$/)).toBeVisible();
      await expect(terms.getByRole("heading", { name: "您的手机须支持 eSIM" })).toBeVisible();
      await hydrated(terms);
      await terms
        .getByRole("navigation", { name: "其他政策" })
        .getByRole("link", { name: "隐私政策" })
        .click();
      await expect(terms.getByRole("heading", { level: 1 })).toHaveText("隐私政策");
      await terms
        .getByRole("navigation", { name: "其他政策" })
        .getByRole("link", { name: "退款政策" })
        .click();
      await expect(terms.getByRole("heading", { level: 1 })).toHaveText("退款政策");
      // The refund policy's rules come from the operator's policy data (issue 29, ADR 0353).
      await expect(terms.getByRole("heading", { name: "您可以做什么，期限到何时" })).toBeVisible();
      await expect(terms.getByText(/于其订单页面取消，并获得全额退款/)).toBeVisible();
    });

    test("about us and join us are public pages in every locale", async ({ page }) => {
      for (const [prefix, about, join] of [
        ["", "About Roamly", "Join us"],
        ["/zh_CN", "关于 Roamly", "加入我们"],
        ["/zh_HK", "關於 Roamly", "加入我們"],
      ] as const) {
        const response = await page.goto(`${prefix}/ucenter/about-us`);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveURL(new RegExp(`${prefix}/ucenter/about-us$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(about);
        await page.goto(`${prefix}/ucenter/join-us`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(join);
      }
    });
  });
}

test("the footer's terms link opens the terms, and a foreign url is refused with the spec's 404", async ({
  page,
}) => {
  await page.goto("/zh_HK");
  // spec 3 footer content: the operator's contact ways, an e-mail and a phone as links.
  const contact = page.getByRole("region", { name: "聯絡我們" });
  await expect(contact.getByRole("link", { name: "support@roamly.example" })).toHaveAttribute(
    "href",
    "mailto:support@roamly.example",
  );
  await expect(contact.getByRole("link", { name: "+852 3000 1234" })).toHaveAttribute(
    "href",
    "tel:+85230001234",
  );
  // Only true claims (issue 30 item 7, ADR 0318): support answers within one business day, not around the clock.
  await expect(contact.getByText("中英文服務，一個工作天內回覆")).toBeVisible();
  await hydrated(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "服務條款" }).click();
  await expect(page).toHaveURL(/\/zh_HK\/pageHtml\?htmlType=tacCondition$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("服務條款");

  const ours = await page.goto(`/pageHtml?url=${encodeURIComponent("/pageHtml?htmlType=privacyPolicy")}`);
  expect(ours?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");

  const foreign = await page.goto(
    `/pageHtml?url=${encodeURIComponent("https://evil.example/pageHtml?htmlType=tacCondition")}`,
  );
  expect(foreign?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Page Not Found: \/pageHtml/);
});
