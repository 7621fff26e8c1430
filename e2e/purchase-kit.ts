import { webcrypto } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// Shared helpers for purchase journeys (checkout, pay, orders, eSIM): sign a shopper up through the real API
// (captcha and e-mail code from the sandbox tools), receive coupons, pay on the sandbox's hosted page, and age
// an unpaid order. Import from any spec: `import { signUp, payWithCard, CARDS } from "./purchase-kit.ts"`.

export const PASSWORD = "Trav3l!ng-eSIM";
/** A seeded plan with a known coupon scope-free price in every currency. */
export const PLAN = "JP-3GB-30D";

/** The sandbox's test cards (ADR 0104, Stripe's numbers). */
export const CARDS = {
  success: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  threeDSecure: "4000 0000 0000 3220",
} as const;

let sequence = 0;
export function uniqueEmail(tag = "buyer"): string {
  sequence += 1;
  return `${tag}-${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Each test from its own address, so per-IP limits (captcha, code sends) count per shopper. */
export function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** Cookie-authenticated state-changing calls need this (CSRF, ADR 0062); the browser's client sends it too. */
export const FETCH_HEADERS = { "x-requested-with": "fetch" };

/** The password as the browser sends it: RSA-OAEP under the server's public key (ADR 0061). */
export async function encrypt(request: APIRequestContext, password: string): Promise<string> {
  const { publicKey } = await (await request.get("/o2cum/v1/pub/customer-register/public-key")).json();
  const key = await webcrypto.subtle.importKey(
    "spki",
    Buffer.from(publicKey, "base64"),
    { name: "RSA-OAEP", hash: "SHA-256" },
    false,
    ["encrypt"],
  );
  const cipher = await webcrypto.subtle.encrypt(
    { name: "RSA-OAEP" },
    key,
    new TextEncoder().encode(password),
  );
  return Buffer.from(cipher).toString("base64");
}

async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  let body = "";
  await expect
    .poll(async () => {
      const res = await request.get(`/__dev/outbox?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()).messages as { body: string }[];
      body = messages[0]?.body ?? "";
      return body;
    })
    .toMatch(/\b\d{6}\b/);
  return /\b(\d{6})\b/.exec(body)![1]!;
}

/**
 * Registers a new shopper by e-mail. With `page.request` the session cookies land in the page's browser
 * context (the shopper is logged in there); with the `request` fixture they stay in that API context.
 */
export async function signUp(request: APIRequestContext, email = uniqueEmail()): Promise<string> {
  const image = await (await request.post("/o2user/v1/pub/captcha/generate-image")).json();
  const { answer } = await (await request.get(`/__dev/captcha/${image.captchaKey}`)).json();
  const captcha = [...(answer as string)]
    .map((d, i) => String((Number(d) + Number(image.obfuscationKey[i])) % 10))
    .join("");
  const sent = await request.post("/o2user/v1/pub/send-email-captcha-always", {
    data: { email, businessScope: "REGISTER", userType: "C", captcha, captchaKey: image.captchaKey },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await codeFor(request, email);
  const res = await request.post("/o2cum/v1/pub/customer/register", {
    data: {
      email,
      captcha: code,
      captchaKey: (await sent.json()).captchaKey,
      password: await encrypt(request, PASSWORD),
      protocolAgreed: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return email;
}

/** Receives a coupon into the logged-in shopper's wallet (spec 7 receive: '领取成功'). */
export async function receiveCoupon(request: APIRequestContext, code: string) {
  const res = await request.post(`/o2mkt/v1/customer/coupons/${code}/receive`, { headers: FETCH_HEADERS });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fills the sandbox hosted page's card form and submits it. */
export async function payWithCard(page: Page, card: string) {
  await expect(page).toHaveURL(/\/__sandbox\/pay\/ps_/);
  await page.getByLabel(/Card number|卡号|卡號/).fill(card);
  await page.getByLabel(/Expiry|有效期/).fill("12/34");
  await page.getByLabel(/CVC|安全码|安全碼/).fill("123");
  await page.getByRole("button", { name: /^(Pay|支付|付款) / }).click();
}

/** Moves an unpaid order past its 30 minutes and runs its expiry job (sandbox tool, ADR 0114). */
export async function expireOrder(request: APIRequestContext, orderCode: string) {
  const res = await request.post(`/__dev/orders/${orderCode}/expire`, { headers: FETCH_HEADERS });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { code: string; status: string };
}

/** The order as the API gives it to its owner. */
export async function orderOf(request: APIRequestContext, orderCode: string) {
  const res = await request.get(`/o2ord/v1/customer/orders/${orderCode}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    code: string;
    status: string;
    total: number;
    couponCode: string | null;
    contactPhone: string | null;
    topUpIccid: string | null;
  };
}
