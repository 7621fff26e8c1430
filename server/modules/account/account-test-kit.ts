import { webcrypto } from "node:crypto";
import type { TestApp } from "../../../test/api.ts";
import { obfuscateDigits } from "../captcha/obfuscation.ts";

// Helpers for the account API tests: they drive the API the way the browser does (WebCrypto, captcha,
// codes read from the sandbox outbox).

export const BEARER = { "x-auth-mode": "bearer" };
export const GOOD_PASSWORD = "Trav3l!ng-eSIM";

/** RSA-OAEP (SHA-256) with the server's public key, exactly as the storefront does it with WebCrypto. */
export async function encryptPassword(app: TestApp, password: string): Promise<string> {
  const res = await app.server.inject({ method: "GET", url: "/o2cum/v1/pub/customer-register/public-key" });
  const der = Buffer.from(res.json().publicKey, "base64");
  const key = await webcrypto.subtle.importKey("spki", der, { name: "RSA-OAEP", hash: "SHA-256" }, false, [
    "encrypt",
  ]);
  const cipher = await webcrypto.subtle.encrypt(
    { name: "RSA-OAEP" },
    key,
    new TextEncoder().encode(password),
  );
  return Buffer.from(cipher).toString("base64");
}

/** A fresh image captcha, answered (obfuscated) with the answer the sandbox reveals. */
export async function solvedCaptcha(app: TestApp, remoteAddress = "127.0.0.1") {
  const res = await app.server.inject({
    method: "POST",
    url: "/o2user/v1/pub/captcha/generate-image",
    remoteAddress,
  });
  const { captchaKey, obfuscationKey } = res.json();
  const answer = (await app.server.inject({ method: "GET", url: `/__dev/captcha/${captchaKey}` })).json()
    .answer;
  return { captchaKey: captchaKey as string, captcha: obfuscateDigits(answer, obfuscationKey) };
}

export async function latestMessage(app: TestApp, to: string) {
  const res = await app.server.inject({ method: "GET", url: `/__dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().messages[0] as { body: string; subject: string; channel: string } | undefined;
}

export function codeIn(body: string): string {
  return /\b(\d{6})\b/.exec(body)![1]!;
}

export type Scope = "REGISTER" | "LOGIN" | "RESET_PASSWORD" | "DELETE_ACCOUNT";

/** Sends a code to an e-mail address and reads it from the outbox. */
export async function emailCode(
  app: TestApp,
  email: string,
  businessScope: Scope,
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  const proof = await solvedCaptcha(app, options.remoteAddress);
  const res = await app.server.inject({
    method: "POST",
    url: "/o2user/v1/pub/send-email-captcha-always",
    headers: options.headers,
    remoteAddress: options.remoteAddress,
    payload: { email, userType: "C", businessScope, ...proof },
  });
  if (res.statusCode !== 200) throw new Error(`send failed: ${res.body}`);
  const message = await latestMessage(app, email);
  return { captchaKey: res.json().captchaKey as string, code: codeIn(message!.body), response: res.json() };
}

export async function registerByEmail(app: TestApp, email: string, password = GOOD_PASSWORD) {
  const { code, captchaKey } = await emailCode(app, email, "REGISTER");
  const res = await app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/register",
    headers: BEARER,
    payload: {
      email,
      captcha: code,
      captchaKey,
      password: await encryptPassword(app, password),
      protocolAgreed: true,
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  return res.json() as { accessToken: string; refreshToken: string; expiresIn: number };
}

export function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
}
