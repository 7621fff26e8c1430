import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import {
  BEARER,
  bearer,
  codeIn,
  emailCode,
  encryptPassword,
  GOOD_PASSWORD,
  latestMessage,
  registerByEmail,
  solvedCaptcha,
} from "./account-test-kit.ts";

const app = setupTestApp();

describe("registration switches and public key", () => {
  it("publishes the RSA public key and which registrations are open (spec 6)", async () => {
    const res = await app.server.inject({ method: "GET", url: "/o2user/v1/pub/customer/public-key" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ emailRegistrationEnabled: true, phoneRegistrationEnabled: true });
    const key = await app.server.inject({ method: "GET", url: "/o2cum/v1/pub/customer-register/public-key" });
    expect(key.json().publicKey).toBe(res.json().publicKey);
    expect(Buffer.from(key.json().publicKey, "base64").length).toBeGreaterThan(250);
  });
});

describe("register by e-mail", () => {
  it("sends a code, registers, and logs in with cookies on the web", async () => {
    const email = "Ada@Example.com";
    const { code, captchaKey, response } = await emailCode(app, email, "REGISTER", {
      headers: { "x-lang": "zh_CN" },
    });
    expect(response).toMatchObject({ interval: 60, message: "验证码已发送" });
    const message = await latestMessage(app, "ada@example.com");
    expect(message?.subject).toBe("Roamly eSIM 验证码");
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/register",
      headers: { "x-lang": "zh_CN", "x-requested-with": "fetch" },
      payload: {
        email,
        captcha: code,
        captchaKey,
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("登录成功");
    expect(body.expiresIn).toBe(7200);
    expect(body.accessToken).toBeUndefined();
    expect(body.user.loginName).toBe("ada@example.com");
    const cookies = res.cookies;
    const at = cookies.find((c) => c.name === "esim_at")!;
    expect(at).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(at.value).toMatch(/^[\w-]{43}$/);
    const info = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      cookies: { esim_at: at.value },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email: "ada@example.com", userType: "C" });
  });

  it("refuses to send a REGISTER code to an existing account with 发送验证码失败 (spec 5)", async () => {
    await registerByEmail(app, "taken@example.com");
    const proof = await solvedCaptcha(app);
    const res = await app.server.inject({
      method: "GET",
      url: "/o2user/v1/pub/send-email-captcha-always",
      headers: { "x-lang": "zh_CN" },
      query: { email: "taken@example.com", businessScope: "REGISTER", userType: "C", ...proof },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      failed: true,
      code: "account.sendCodeFailed",
      message: "发送验证码失败",
    });
  });

  it("refuses a RESET_PASSWORD code for an unregistered e-mail with 您的邮箱未注册 (spec 5)", async () => {
    const proof = await solvedCaptcha(app);
    const res = await app.server.inject({
      method: "GET",
      url: "/o2user/v1/pub/hzero/users/find-password-email/send-captcha",
      headers: { "x-lang": "zh_CN" },
      query: { email: "nobody@example.com", userType: "C", ...proof },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "account.emailNotRegistered", message: "您的邮箱未注册" });
  });

  it("refuses weak and common passwords without spending the code", async () => {
    const { code, captchaKey } = await emailCode(app, "weak@example.com", "REGISTER");
    for (const [password, problem] of [
      ["short1!", "account.passwordRule"],
      ["nodigits!!", "account.passwordRule"],
      ["P@ssw0rd!", "account.passwordCommon"],
    ]) {
      const res = await app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/register",
        headers: BEARER,
        payload: {
          email: "weak@example.com",
          captcha: code,
          captchaKey,
          password: await encryptPassword(app, password!),
          protocolAgreed: true,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.password).toBe(problem);
    }
    const ok = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/register",
      headers: BEARER,
      payload: {
        email: "weak@example.com",
        captcha: code,
        captchaKey,
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("register by phone", () => {
  it("sends an SMS code after a pre-validated captcha and registers with it", async () => {
    const proof = await solvedCaptcha(app);
    const check = await app.server.inject({
      method: "GET",
      url: "/iam/hzero/v1/users/captcha/pre-validate",
      query: { account: "91234567", userType: "C", lang: "en_US", ...proof },
    });
    expect(check.statusCode).toBe(200);
    const { lastCheckKey } = check.json();
    const send = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: { phone: "91234567", internationalTelCode: "+852", businessScope: "REGISTER", lastCheckKey },
    });
    expect(send.statusCode).toBe(200);
    const sms = await latestMessage(app, "+85291234567");
    expect(sms?.channel).toBe("SMS");
    // The lastCheckKey is single use.
    const again = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: { phone: "91234567", internationalTelCode: "852", businessScope: "REGISTER", lastCheckKey },
    });
    expect(again.json().code).toBe("captcha.invalid");
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/register",
      headers: BEARER,
      payload: {
        phone: "91234567",
        internationalTelCode: "852",
        captcha: codeIn(sms!.body),
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(res.statusCode).toBe(200);
    const login = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      headers: BEARER,
      payload: {
        account: "91234567",
        internationalTelCode: "852",
        password: await encryptPassword(app, GOOD_PASSWORD),
      },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.loginName).toBe("+852 91234567");
  });
});

describe("password login", () => {
  it("logs in with the RSA-encrypted password and rejects a wrong one without saying which part was wrong", async () => {
    await registerByEmail(app, "grace@example.com");
    const ok = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      headers: { ...BEARER, "x-lang": "zh_CN" },
      payload: { account: "GRACE@example.com", password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("登录成功");
    const me = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: bearer(ok.json().accessToken),
    });
    expect(me.json().email).toBe("grace@example.com");

    const wrong = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      payload: { account: "grace@example.com", password: await encryptPassword(app, "Wrong-pass1!") },
    });
    const unknown = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      payload: { account: "ghost@example.com", password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("rejects a password that was not encrypted with the public key", async () => {
    const res = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      payload: { account: "grace@example.com", password: Buffer.from(GOOD_PASSWORD).toString("base64") },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("account.passwordUnreadable");
  });

  it("trips the per-account limit with 429 after repeated failures", async () => {
    await registerByEmail(app, "target@example.com");
    const wrong = await encryptPassword(app, "Wrong-pass1!");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/login",
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { account: "target@example.com", password: wrong },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/login",
      headers: { "x-lang": "zh_CN" },
      payload: { account: "target@example.com", password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ code: "error.rateLimited", message: "操作过于频繁，请稍后再试" });
  });
});
