import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { bearer, registerByEmail } from "./account-test-kit.ts";

const app = setupTestApp();

type Case = {
  method: "GET" | "POST" | "PUT";
  url: string;
  query?: Record<string, string>;
  payload?: Record<string, unknown>;
  fields: string[];
  auth?: boolean;
};

// Every account endpoint that takes input refuses bad input with a 400 and the offending fields (spec 5).
const CASES: Case[] = [
  {
    method: "GET",
    url: "/o2user/v1/pub/decrypt-captcha",
    query: { captcha: "12a4" },
    fields: ["captcha", "captchaKey"],
  },
  {
    method: "GET",
    url: "/iam/hzero/v1/users/captcha/pre-validate",
    query: { account: " ", captcha: "1", captchaKey: "k", userType: "B" },
    fields: ["account", "captcha", "userType"],
  },
  {
    method: "POST",
    url: "/o2user/v1/pub/send-email-captcha-always",
    payload: { email: "not-an-email", businessScope: "SPAM" },
    fields: ["email", "businessScope"],
  },
  {
    method: "GET",
    url: "/o2user/v1/pub/send-email-captcha-always",
    query: {},
    fields: ["email", "businessScope"],
  },
  {
    method: "POST",
    url: "/o2user/v1/pub/send-phone-captcha-always",
    payload: { phone: "12ab", internationalTelCode: "x", businessScope: "LOGIN" },
    fields: ["phone", "internationalTelCode"],
  },
  {
    method: "GET",
    url: "/o2user/v1/pub/hzero/users/find-password-email/send-captcha",
    query: { email: "a@b" },
    fields: ["email"],
  },
  { method: "GET", url: "/o2cum/v1/pub/customer/valid-account", query: {}, fields: ["email"] },
  {
    method: "GET",
    url: "/o2cum/v1/pub/customer/valid-account",
    query: { phone: "61234567" },
    fields: ["internationalTelCode"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/customer/register",
    payload: { email: "x@example.com", captcha: "12", password: "", protocolAgreed: false },
    fields: ["captcha", "password", "protocolAgreed"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/customer/login",
    payload: { account: "" },
    fields: ["account", "password"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/customer/login",
    payload: { account: "61234567", password: "AAAA" },
    fields: ["internationalTelCode"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/customer/login-by-code",
    payload: { email: "x@example.com", captcha: 123456 },
    fields: ["captcha"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/customer/reset-password",
    payload: { email: "x@example.com" },
    fields: ["captcha", "password"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/customer/refresh-token",
    payload: { refreshToken: 5 },
    fields: ["refreshToken"],
  },
  {
    method: "PUT",
    url: "/o2cum/v1/customer-info",
    payload: { defaultLanguage: "fr_FR", preferenceCurrency: "usd", nickName: "" },
    fields: ["defaultLanguage", "preferenceCurrency", "nickName"],
    auth: true,
  },
  {
    method: "POST",
    url: "/o2cum/v1/customer/delete-account",
    payload: { password: "not base64!", captcha: "abc" },
    fields: ["password", "captcha"],
    auth: true,
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/social-login/open-token",
    payload: { grantType: "password", provider: "myspace" },
    fields: ["grantType", "provider", "openAccessToken"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/social-login/register-bind-login",
    payload: { provider: "google" },
    fields: ["openAccessToken"],
  },
  {
    method: "POST",
    url: "/o2cum/v1/pub/social-login/bind",
    payload: { provider: "apple", openAccessToken: "t" },
    fields: ["email", "protocolAgreed"],
  },
];

describe("bad input", () => {
  let accessToken = "";

  it.each(CASES)("$method $url answers 400 with field errors for $fields", async (c) => {
    if (c.auth && !accessToken) accessToken = (await registerByEmail(app, "inputs@example.com")).accessToken;
    const res = await app.server.inject({
      method: c.method,
      url: c.url,
      query: c.query,
      payload: c.payload,
      headers: { "x-lang": "zh_CN", ...(c.auth ? bearer(accessToken) : {}) },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ failed: true, code: "error.badRequest", message: "提交的信息有误" });
    expect(Object.keys(body.fields).sort()).toEqual([...c.fields].sort());
  });

  it("reports a missing field with the key for 不能为空 and a wrong type with 值类型不匹配！ (spec 5)", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      payload: { password: 12345 },
    });
    expect(res.json().fields).toEqual({
      account: "account.field.required",
      password: "account.field.typeMismatch",
    });
  });
});
