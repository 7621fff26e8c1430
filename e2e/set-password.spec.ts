import type { APIRequestContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { encrypt, PASSWORD, randomClientIp } from "./purchase-kit.ts";
import { sendAndReadCode } from "./register-kit.ts";

// Issue 30 item 1 (ADR 0320): a code creates an account with no password, which it can set later in the account's
// settings. A phone-only account has no e-mail for the forgotten-password page, so the code goes to its phone.

/** The newest code sent to `to` (the sandbox outbox). */
async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/__dev/outbox?to=${encodeURIComponent(to)}`);
      body = ((await res.json()).messages as { body: string }[])[0]?.body ?? "";
      return body;
    })
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(body)![1]!;
}

test("a phone-only account made by a code sets its password in the settings, then signs in with it", async ({
  page,
}) => {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": randomClientIp() });
  const phone = `5${String(Date.now()).slice(-7)}`;
  const contact = { phone, internationalTelCode: "852" };
  const sent = await page.request.post("/o2user/v1/pub/send-phone-captcha-always", {
    data: { ...contact, businessScope: "LOGIN", userType: "C" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const created = await page.request.post("/o2cum/v1/pub/customer/login-by-code", {
    data: {
      ...contact,
      captcha: await codeFor(page.request, `+852${phone}`),
      captchaKey: (await sent.json()).captchaKey,
      protocolAgreed: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await page.goto("/my/userInfo/more-info");
  await hydrated(page);
  await page.getByRole("link", { name: "Set a password" }).click();
  await expect(page.getByRole("heading", { name: "Set a password", level: 1 })).toBeVisible();
  await expect(page.getByText(`+852 ${phone}`)).toBeVisible();
  await hydrated(page);
  const form = page.locator("form").filter({ has: page.getByLabel("Verification code") });
  await page.getByLabel("Verification code").fill(await sendAndReadCode(page, form, `+852${phone}`));
  await page.getByLabel("New password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set a password" }).click();
  await expect(page).toHaveURL(/\/login\?pageFrom=%2Fmy%2FuserInfo%2Fmore-info$/);

  // The reset ended the old session; the phone and the new password sign in.
  const login = await page.request.post("/o2cum/v1/pub/customer/login", {
    data: { account: phone, internationalTelCode: "852", password: await encrypt(page.request, PASSWORD) },
  });
  expect(login.status(), await login.text()).toBe(200);
  await page.goto("/my/userInfo/more-info");
  await expect(page.getByText("Set", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Set a password" })).toHaveCount(0);
});
