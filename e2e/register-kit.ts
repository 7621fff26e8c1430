import type { APIRequestContext, Locator } from "@playwright/test";
import { expect, type Page } from "./fixtures.ts";

// Registering through the real /register form in browser tests (spec 2, spec 5): the image captcha is solved
// with the sandbox's answer and the e-mail code is read from the SMTP stand-in's outbox, as accounts.spec.ts does.

export const REGISTER_PASSWORD = "Trav3l!ng-eSIM";

async function outboxCount(request: APIRequestContext, to: string): Promise<number> {
  const res = await request.get(`/__dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()).messages as unknown[]).length;
}

/** The newest code sent to `to` once more than `before` messages exist. */
async function codeFor(request: APIRequestContext, to: string, before: number): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/__dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()).messages as { body: string }[];
      body = messages.length > before ? messages[0]!.body : "";
      return body;
    })
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(body)![1]!;
}

/** Clicks "Send code" in `scope`, solves the captcha, and returns the code the outbox received. */
export async function sendAndReadCode(page: Page, scope: Locator, to: string): Promise<string> {
  const before = await outboxCount(page.request, to);
  const generated = page.waitForResponse((r) => r.url().includes("/o2user/v1/pub/captcha/generate-image"));
  await scope.getByRole("button", { name: "Send code" }).click();
  const dialog = page.getByRole("dialog", { name: "Security check" });
  await expect(dialog).toBeVisible();
  const { captchaKey } = await (await generated).json();
  const { answer } = await (await page.request.get(`/__dev/captcha/${captchaKey}`)).json();
  await dialog.getByLabel("Digits in the image").fill(answer);
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(dialog).toBeHidden();
  return codeFor(page.request, to, before);
}

/** Fills and submits the English /register form the page is on, by e-mail, and waits for the sign-in. */
export async function registerThroughForm(page: Page, email: string, password = REGISTER_PASSWORD) {
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  const form = page.locator("form");
  await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(email);
  await page.getByLabel("Verification code").fill(await sendAndReadCode(page, form, email));
  await page
    .locator("input")
    .and(page.getByLabel("Password", { exact: true }))
    .fill(password);
  await page.getByRole("checkbox", { name: "I have read and agree to the" }).check();
  await page.getByRole("button", { name: "Sign up" }).click();
}
