import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { RATE_RULES } from "../../infra/rate-limit.ts";
import { encryptPassword, GOOD_PASSWORD, solvedCaptcha } from "./account-test-kit.ts";
import { CODE_SENDS_FREE_PER_IP } from "./service.ts";

const app = setupTestApp();

type Call = {
  method: "GET" | "POST";
  url: string;
  query?: Record<string, string>;
  payload?: (i: number) => Record<string, unknown>;
};

/**
 * Makes `times` calls from one address and returns their status codes. Each test uses its own address, so the
 * per-IP counts of one test never reach another.
 */
async function statuses(call: Call, times: number, remoteAddress: string): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < times; i++) {
    const res = await app.server.inject({
      method: call.method,
      url: call.url,
      query: call.query,
      payload: call.payload?.(i),
      remoteAddress,
      headers: { "x-lang": "zh_CN" },
    });
    result.push(res.statusCode);
  }
  return result;
}

/** The next call from `remoteAddress` is refused with the 429 and its message, in the request's language. */
async function expectLimited(call: Call, remoteAddress: string, index: number) {
  const res = await app.server.inject({
    method: call.method,
    url: call.url,
    query: call.query,
    payload: call.payload?.(index),
    remoteAddress,
    headers: { "x-lang": "en_US" },
  });
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    failed: true,
    code: "error.rateLimited",
    message: expect.stringMatching(/too many/i),
  });
}

// ADR 0065: every guarded action trips with a 429 and a clear message once its per-IP limit is passed, and
// another address is not affected. (Per-target and per-account limits are tripped in codes.api.test.ts and
// register-login.api.test.ts.)
describe("per-IP rate limits through the API", () => {
  it("image captchas: generating", async () => {
    const call: Call = { method: "POST", url: "/o2user/v1/pub/captcha/generate-image" };
    const limit = RATE_RULES.captchaGenerateIp.limit;
    expect(new Set(await statuses(call, limit, "10.1.0.1"))).toEqual(new Set([200]));
    await expectLimited(call, "10.1.0.1", limit);
    expect((await statuses(call, 1, "10.1.0.2"))[0]).toBe(200);
  });

  it("image captchas: checking through pre-validate and decrypt-captcha share one count", async () => {
    const address = "10.2.0.1";
    const limit = RATE_RULES.captchaCheckIp.limit;
    const preValidate: Call = {
      method: "GET",
      url: "/iam/hzero/v1/users/captcha/pre-validate",
      query: { account: "someone@example.com", userType: "C", captcha: "0000", captchaKey: "no-such-key" },
    };
    const decrypt: Call = {
      method: "GET",
      url: "/o2user/v1/pub/decrypt-captcha",
      query: { captcha: "0000", captchaKey: "no-such-key" },
    };
    const half = Math.floor(limit / 2);
    const first = await statuses(preValidate, half, address);
    const second = await statuses(decrypt, limit - half, address);
    // Wrong answers are refused as such (not yet rate limited) until the limit.
    expect([...first, ...second].every((status) => status === 400)).toBe(true);
    await expectLimited(decrypt, address, limit);
    await expectLimited(preValidate, address, limit);
    // A correct answer from the limited address is still refused: the limit comes before the check.
    const proof = await solvedCaptcha(app, "10.2.0.9");
    const res = await app.server.inject({
      method: "GET",
      url: "/o2user/v1/pub/decrypt-captcha",
      query: proof,
      remoteAddress: address,
    });
    expect(res.statusCode).toBe(429);
  });

  it("code sends, counted before the captcha so guessing captchas does not get around it", async () => {
    const address = "10.3.0.1";
    const limit = RATE_RULES.codeSendIp.limit;
    const call: Call = {
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      payload: (i) => ({ email: `spray-${i}@example.com`, businessScope: "REGISTER", userType: "C" }),
    };
    // ADR 0321: the client's first sends need no captcha; then each one does (400 captcha.required).
    const answers = await statuses(call, limit, address);
    expect(answers.slice(0, CODE_SENDS_FREE_PER_IP)).toEqual(Array(CODE_SENDS_FREE_PER_IP).fill(200));
    expect(new Set(answers.slice(CODE_SENDS_FREE_PER_IP))).toEqual(new Set([400]));
    await expectLimited(call, address, limit);
    const phone: Call = {
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: () => ({ phone: "61234567", internationalTelCode: "852", businessScope: "REGISTER" }),
    };
    await expectLimited(phone, address, limit + 1);
  });

  it("code checks: code login, register and reset share one count", async () => {
    const address = "10.4.0.1";
    const limit = RATE_RULES.codeCheckIp.limit;
    const call: Call = {
      method: "POST",
      url: "/o2cum/v1/pub/customer/login-by-code",
      payload: (i) => ({ email: `guess-${i}@example.com`, captcha: "123456" }),
    };
    expect(new Set(await statuses(call, limit, address))).toEqual(new Set([400]));
    await expectLimited(call, address, limit);
    const password = await encryptPassword(app, GOOD_PASSWORD);
    const codeCheck = { captcha: "123456", password, protocolAgreed: true };
    const register: Call = {
      method: "POST",
      url: "/o2cum/v1/pub/customer/register",
      payload: () => ({ email: "new-shopper@example.com", ...codeCheck }),
    };
    const reset: Call = {
      method: "POST",
      url: "/o2cum/v1/pub/customer/reset-password",
      payload: () => ({ email: "forgetful@example.com", ...codeCheck }),
    };
    await expectLimited(register, address, 0);
    await expectLimited(reset, address, 0);
    // From another address the same register call is answered on its merits (a wrong code).
    const other = await app.server.inject({
      method: "POST",
      url: register.url,
      payload: register.payload?.(0),
      remoteAddress: "10.4.0.2",
    });
    expect(other.json()).toMatchObject({ failed: true, code: "account.codeInvalid" });
  });

  it("password logins across many accounts", async () => {
    const address = "10.5.0.1";
    const limit = RATE_RULES.loginIp.limit;
    const call: Call = {
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      payload: (i) => ({ account: `spray-${i}@example.com`, password: "bm90LWVuY3J5cHRlZA==" }),
    };
    const answers = await statuses(call, limit, address);
    expect(answers.every((status) => status === 400)).toBe(true);
    await expectLimited(call, address, limit);
  });

  it("account look-ups (valid-account)", async () => {
    const address = "10.6.0.1";
    const limit = RATE_RULES.accountLookupIp.limit;
    const call: Call = {
      method: "GET",
      url: "/o2cum/v1/pub/customer/valid-account",
      query: { email: "lookup@example.com" },
    };
    expect(new Set(await statuses(call, limit, address))).toEqual(new Set([200]));
    await expectLimited(call, address, limit);
  });

  it("social sign-in tokens", async () => {
    const address = "10.7.0.1";
    const limit = RATE_RULES.socialLoginIp.limit;
    const call: Call = {
      method: "POST",
      url: "/o2cum/v1/pub/social-login/open-token",
      payload: () => ({ grantType: "implicit", provider: "google", openAccessToken: "not-a-token" }),
    };
    expect(new Set(await statuses(call, limit, address))).toEqual(new Set([400]));
    await expectLimited(call, address, limit);
  });

  it("code sends per e-mail: ten an hour, even with the countdown over each time, from any address", async () => {
    const email = "many-codes@example.com";
    const send = async (i: number) => {
      // A minute passes between sends: the countdown's interval is over (spec 9).
      await app.services.rateLimiter.reset("codeSendInterval", `email:${email}|LOGIN`);
      const proof = await solvedCaptcha(app, "10.8.0.1");
      return app.server.inject({
        method: "POST",
        url: "/o2user/v1/pub/send-email-captcha-always",
        remoteAddress: `10.8.1.${i + 1}`,
        headers: { "x-lang": "en_US" },
        payload: { email, businessScope: "LOGIN", userType: "C", ...proof },
      });
    };
    const limit = RATE_RULES.codeSendTarget.limit;
    const answers: number[] = [];
    for (let i = 0; i < limit; i++) answers.push((await send(i)).statusCode);
    expect(new Set(answers)).toEqual(new Set([200]));
    const over = await send(limit);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({
      code: "error.rateLimited",
      message: expect.stringMatching(/too many/i),
    });
  });
});
