import type { APIRequestContext, Locator } from "@playwright/test";
import { expect, type Page } from "./fixtures.ts";

// Registering through the real /register form in browser tests (spec 2, spec 5): the image captcha, when the
// server asks for one (ADR 0321), is solved with the sandbox's answer and the e-mail code is read from the SMTP stand-in's outbox, as accounts.spec.ts does.

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

/** The labels of the code-sending controls. */
export interface SendLabels {
  send: string;
  captchaTitle: string;
  captcha: string;
  ok: string;
}
export const SEND_LABELS_EN: SendLabels = {
  send: "Send code",
  captchaTitle: "Security check",
  captcha: "Digits in the image",
  ok: "OK",
};

const SEND_CALL =
  /\/o2user\/v1\/pub\/(send-(email|phone)-captcha-always|hzero\/users\/find-password-email\/send-captcha)/;

/**
 * Clicks the send button in `scope`. ADR 0321: the server asks for an image captcha only by risk (repeated sends
 * for the address or from the client, or a wrong code); when it does, the dialog opens and is solved with the
 * sandbox's answer (a wrong answer first with `wrongFirst`). `captcha` says whether the test expects the captcha:
 * true or false is asserted, undefined accepts either. Returns whether the captcha was asked for.
 */
export async function sendCode(
  page: Page,
  scope: Locator,
  options: { labels?: SendLabels; captcha?: boolean; wrongFirst?: boolean } = {},
): Promise<boolean> {
  const labels = options.labels ?? SEND_LABELS_EN;
  const first = page.waitForResponse((r) => SEND_CALL.test(r.url()));
  // The image comes only if the server asks for a captcha: no timeout, and no failure when it never comes.
  const nextImage = () => {
    const image = page.waitForResponse((r) => r.url().includes("/o2user/v1/pub/captcha/generate-image"), {
      timeout: 0,
    });
    image.catch(() => undefined);
    return image;
  };
  let generated = nextImage();
  await scope.getByRole("button", { name: labels.send }).click();
  const answer = await first;
  const asked = answer.status() === 400 && (await answer.json()).code === "captcha.required";
  if (options.captcha !== undefined)
    expect(asked, "the send asked for an image captcha").toBe(options.captcha);
  // Not asked: the send's own answer (a code sent, or a refusal the test checks) is the page's to show.
  if (!asked) return false;
  const dialog = page.getByRole("dialog", { name: labels.captchaTitle });
  await expect(dialog).toBeVisible();
  if (options.wrongFirst) {
    const { captchaKey } = await (await generated).json();
    const { answer: digits } = await (await page.request.get(`/__dev/captcha/${captchaKey}`)).json();
    const wrong = [...(digits as string)].map((d) => String((Number(d) + 1) % 10)).join("");
    generated = nextImage();
    await dialog.getByLabel(labels.captcha).fill(wrong);
    await dialog.getByRole("button", { name: labels.ok }).click();
    // spec 8: a wrong captcha keeps the dialog open with the message, and a new image.
    await expect(dialog.getByRole("alert")).toHaveText(/Incorrect verification code|验证码错误/);
    await expect(dialog).toBeVisible();
  }
  const { captchaKey } = await (await generated).json();
  const { answer: digits } = await (await page.request.get(`/__dev/captcha/${captchaKey}`)).json();
  await dialog.getByLabel(labels.captcha).fill(digits);
  await dialog.getByRole("button", { name: labels.ok }).click();
  await expect(dialog).toBeHidden();
  return true;
}

/** Clicks "Send code" in `scope` (solving the captcha if asked), and returns the code the outbox received. */
export async function sendAndReadCode(page: Page, scope: Locator, to: string): Promise<string> {
  const before = await outboxCount(page.request, to);
  await sendCode(page, scope);
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
