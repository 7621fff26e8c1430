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

  // Issue 14.5 / ADR 0187: wrong passwords from anywhere no longer lock the owner out; past five, each attempt
  // needs an image captcha, and the owner, with the captcha and the right password, still signs in.
  it("after five wrong passwords from anywhere asks for a captcha instead of locking the account", async () => {
    await registerByEmail(app, "target@example.com");
    const wrong = await encryptPassword(app, "Wrong-pass1!");
    const attempt = (payload: Record<string, unknown>, remoteAddress: string, lang = "en_US") =>
      app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/login",
        remoteAddress,
        headers: { "x-lang": lang },
        payload: { account: "target@example.com", ...payload },
      });
    const answers: string[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await attempt({ password: wrong }, `10.0.0.${i + 1}`)).json().code);
    expect(answers.slice(0, 5)).toEqual(Array(5).fill("account.loginFailed"));
    expect(new Set(answers.slice(5))).toEqual(new Set(["captcha.required"]));

    // The owner, from their own device, is asked for the captcha too (in their language), not refused.
    const right = await encryptPassword(app, GOOD_PASSWORD);
    const asked = await attempt({ password: right }, "10.0.1.1", "zh_CN");
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ code: "captcha.required", message: "请先完成图形验证" });
    // A wrong captcha answer is refused before the password is looked at.
    const solved = await solvedCaptcha(app, "10.0.1.1");
    // Every digit changed, so the answer is wrong for certain.
    const wrongDigits = solved.captcha.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
    const badCaptcha = await attempt({ password: right, ...solved, captcha: wrongDigits }, "10.0.1.1");
    expect(badCaptcha.json().code).toBe("captcha.invalid");
    // An attacker who solves the captcha still only learns that the password was wrong, once per captcha.
    const attackerProof = await solvedCaptcha(app, "10.0.2.1");
    expect((await attempt({ password: wrong, ...attackerProof }, "10.0.2.1")).json().code).toBe(
      "account.loginFailed",
    );
    expect((await attempt({ password: wrong, ...attackerProof }, "10.0.2.1")).json().code).toBe(
      "captcha.invalid",
    );
    const signedIn = await attempt(
      { password: right, ...(await solvedCaptcha(app, "10.0.1.1")) },
      "10.0.1.1",
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.find((cookie) => cookie.name === "esim_at")?.value).toMatch(/^[\w-]{43}$/);
  });

  it("a success clears the count, so the owner signs in without a captcha again", async () => {
    await registerByEmail(app, "typo-prone@example.com");
    const login = async (password: string) =>
      app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/login",
        remoteAddress: "10.0.3.1",
        payload: { account: "typo-prone@example.com", password: await encryptPassword(app, password) },
      });
    for (let i = 0; i < 4; i++) expect((await login("Wrong-pass1!")).json().code).toBe("account.loginFailed");
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login("Wrong-pass1!")).json().code).toBe("account.loginFailed");
    expect((await login(GOOD_PASSWORD)).json().code).toBe("captcha.required");
  });

  it("parallel guesses cannot all slip in under the captcha threshold", async () => {
    await registerByEmail(app, "raced@example.com");
    const wrong = await encryptPassword(app, "Wrong-pass1!");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.server.inject({
          method: "POST",
          url: "/o2cum/v1/pub/customer/login",
          remoteAddress: `10.0.4.${i + 1}`,
          payload: { account: "raced@example.com", password: wrong },
        }),
      ),
    );
    const codes = answers.map((res) => res.json().code);
    expect(codes.filter((code) => code === "account.loginFailed")).toHaveLength(5);
    expect(codes.filter((code) => code === "captcha.required")).toHaveLength(25);
  });

  it("answers an account that does not exist the same way", async () => {
    const wrong = await encryptPassword(app, "Wrong-pass1!");
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.server.inject({
        method: "POST",
        url: "/o2cum/v1/pub/customer/login",
        remoteAddress: "10.0.5.1",
        payload: { account: "nobody-here@example.com", password: wrong },
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([...Array(5).fill("account.loginFailed"), "captcha.required"]);
  });
});
