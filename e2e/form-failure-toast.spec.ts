import { desktop, expectToast, hydrated, test } from "./fixtures.ts";

// spec 5: a form that fails its check shows a toast '“{field label}”校验不通过，{message}' naming the first invalid
// field, in each of the three locales, next to the field's own message.

test.use(desktop);

const CASES = [
  { lang: "zh_CN", submit: "注册", toast: "“邮箱”校验不通过，不能为空" },
  { lang: "zh_HK", submit: "註冊", toast: "「電郵」校驗不通過，不能為空" },
  { lang: "en_US", submit: "Sign up", toast: "“E-mail” is not valid: This field is required" },
] as const;

for (const { lang, submit, toast } of CASES) {
  test(`${lang}: submitting an empty registration form says which field failed`, async ({ page }) => {
    await page.goto(`/${lang}/register`);
    await hydrated(page);
    await page.getByRole("button", { name: submit, exact: true }).click();
    await expectToast(page, toast);
  });
}
