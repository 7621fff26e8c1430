import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { RATE_RULES, type RateRuleName } from "../../infra/rate-limit.ts";
import {
  BEARER,
  bearer,
  emailCode,
  encryptPassword,
  GOOD_PASSWORD,
  latestMessage,
  registerByEmail,
  solvedCaptcha,
} from "./account-test-kit.ts";

const app = setupTestApp();

// The file makes about 30 captchas and code sends from one client address (inject's 127.0.0.1), right at the
// per-IP limits (captchaGenerateIp: 30 a minute). So each test starts with that address's per-IP counters at
// zero, as if from a fresh client: no test depends on how many requests the tests before it made. The limits a
// test here checks (per target and purpose) are not reset, and count within the test as before.
beforeEach(async () => {
  for (const rule of Object.keys(RATE_RULES) as RateRuleName[]) {
    if (rule.endsWith("Ip")) await app.services.rateLimiter.reset(rule, "127.0.0.1");
  }
});

function codeLogin(email: string, captcha: string, captchaKey?: string, lang = "en_US") {
  return app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/login-by-code",
    headers: { ...BEARER, "x-lang": lang },
    payload: { email, captcha, ...(captchaKey ? { captchaKey } : {}) },
  });
}

describe("login by code", () => {
  it("logs in with an e-mailed code, and the code cannot be replayed", async () => {
    await registerByEmail(app, "code@example.com");
    const { code, captchaKey } = await emailCode(app, "code@example.com", "LOGIN");
    const first = await codeLogin("code@example.com", code, captchaKey, "zh_CN");
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("登录成功");
    const me = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: bearer(first.json().accessToken),
    });
    expect(me.json().email).toBe("code@example.com");

    const replay = await codeLogin("code@example.com", code, captchaKey, "zh_CN");
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: "account.codeInvalid", message: "验证码错误" });
  });

  it("rejects a wrong code, and a code used for another purpose", async () => {
    await registerByEmail(app, "wrong@example.com");
    const { code } = await emailCode(app, "wrong@example.com", "LOGIN");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await codeLogin("wrong@example.com", wrong)).json().code).toBe("account.codeInvalid");
    // A REGISTER code never logs in.
    const reset = await emailCode(app, "wrong@example.com", "RESET_PASSWORD");
    expect((await codeLogin("wrong@example.com", reset.code)).statusCode).toBe(400);
    // The right LOGIN code still works after one wrong try.
    expect((await codeLogin("wrong@example.com", code)).statusCode).toBe(200);
  });

  it("rejects an expired code", async () => {
    await registerByEmail(app, "late@example.com");
    const { code } = await emailCode(app, "late@example.com", "LOGIN");
    await app.database.db.execute(
      sql`update verification_code set expires_at = now() - interval '1 second' where target = 'email:late@example.com'`,
    );
    const res = await codeLogin("late@example.com", code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "account.codeExpired",
      message: "This verification code has expired. Please request a new one.",
    });
  });

  it("tells a shopper whose code expired to get a new one, while a wrong code still gets 验证码错误", async () => {
    await registerByEmail(app, "slow@example.com");
    const { code, captchaKey } = await emailCode(app, "slow@example.com", "LOGIN");
    const expire = await app.server.inject({
      method: "POST",
      url: "/__dev/codes/expire",
      payload: { to: "slow@example.com" },
    });
    expect(expire.json()).toEqual({ expired: 1 });

    const zh = await codeLogin("slow@example.com", code, captchaKey, "zh_CN");
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({
      failed: true,
      code: "account.codeExpired",
      message: "验证码已过期，请重新获取",
      fields: { captcha: "account.codeExpired" },
    });
    const en = await codeLogin("slow@example.com", code, undefined, "en_US");
    expect(en.json()).toMatchObject({
      code: "account.codeExpired",
      message: "This verification code has expired. Please request a new one.",
    });
    const hk = await codeLogin("slow@example.com", code, undefined, "zh_HK");
    expect(hk.json().message).toBe("驗證碼已過期，請重新獲取");

    // A wrong code against the same expired one says only 验证码错误: it learns nothing about the code.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const miss = await codeLogin("slow@example.com", wrong, captchaKey, "zh_CN");
    expect(miss.statusCode).toBe(400);
    expect(miss.json()).toMatchObject({ code: "account.codeInvalid", message: "验证码错误" });
    // The expired code never logs in, whatever it is paired with.
    const otherKey = await codeLogin("slow@example.com", code, "not-the-key", "zh_CN");
    expect(otherKey.json()).toMatchObject({ code: "account.codeInvalid", message: "验证码错误" });
  });

  it("counts tries at an expired code like at a live one: after five it answers 验证码错误", async () => {
    await registerByEmail(app, "patient@example.com");
    const { code } = await emailCode(app, "patient@example.com", "LOGIN");
    await app.server.inject({
      method: "POST",
      url: "/__dev/codes/expire",
      payload: { to: "patient@example.com" },
    });
    // Three right-but-expired and two wrong tries: five attempts in all, as a live code allows.
    for (let i = 0; i < 3; i++) {
      expect((await codeLogin("patient@example.com", code)).json().code).toBe("account.codeExpired");
    }
    for (let i = 0; i < 2; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
      expect((await codeLogin("patient@example.com", guess)).json().code).toBe("account.codeInvalid");
    }
    const after = await codeLogin("patient@example.com", code, undefined, "zh_CN");
    expect(after.json()).toMatchObject({ code: "account.codeInvalid", message: "验证码错误" });
    const rows = await app.database.db.execute(
      sql`select attempts from verification_code where target = 'email:patient@example.com' and purpose = 'LOGIN'`,
    );
    expect((rows as unknown as { rows: { attempts: number }[] }).rows).toEqual([{ attempts: 5 }]);
  });

  it("answers a used code with 验证码错误 even after it would have expired", async () => {
    await registerByEmail(app, "spent@example.com");
    const { code } = await emailCode(app, "spent@example.com", "LOGIN");
    expect((await codeLogin("spent@example.com", code)).statusCode).toBe(200);
    await app.database.db.execute(
      sql`update verification_code set expires_at = now() - interval '1 second' where target = 'email:spent@example.com'`,
    );
    const replay = await codeLogin("spent@example.com", code, undefined, "zh_CN");
    expect(replay.json()).toMatchObject({ code: "account.codeInvalid", message: "验证码错误" });
  });

  it("the sandbox tool /__dev/codes/expire expires a target's live codes and ends their send interval", async () => {
    await registerByEmail(app, "aged@example.com");
    const { code } = await emailCode(app, "aged@example.com", "LOGIN");
    const expire = await app.server.inject({
      method: "POST",
      url: "/__dev/codes/expire",
      payload: { to: "Aged@example.com" },
    });
    expect(expire.statusCode).toBe(200);
    expect(expire.json()).toEqual({ expired: 1 });
    const late = await codeLogin("aged@example.com", code);
    expect(late.json().code).toBe("account.codeExpired");
    // Ten minutes have "passed": a new code can be sent at once, and it works.
    const fresh = await emailCode(app, "aged@example.com", "LOGIN");
    expect((await codeLogin("aged@example.com", fresh.code)).statusCode).toBe(200);
    // Nothing live is left for that address; another address's codes are untouched.
    const { code: other } = await emailCode(app, "untouched@example.com", "REGISTER");
    const again = await app.server.inject({
      method: "POST",
      url: "/__dev/codes/expire",
      payload: { to: "aged@example.com" },
    });
    expect(again.json()).toEqual({ expired: 0 });
    expect(other).toMatch(/^\d{6}$/);
    const rows = await app.database.db.execute(
      sql`select count(*)::int as n from verification_code where target = 'email:untouched@example.com' and expires_at > now()`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it("the expire tool finds phone codes by their E.164 address", async () => {
    const proof = await solvedCaptcha(app);
    const sent = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: { phone: "91234567", internationalTelCode: "852", businessScope: "REGISTER", ...proof },
    });
    expect(sent.statusCode).toBe(200);
    const expire = await app.server.inject({
      method: "POST",
      url: "/__dev/codes/expire",
      payload: { to: "+85291234567" },
    });
    expect(expire.json()).toEqual({ expired: 1 });
  });

  // ADR 0320: where e-mail sign-up is open the code is sent, and signs the address up (sign-up-by-code.api.test.ts);
  // where it is closed nothing is sent (code-send-timing.api.test.ts, ADR 0313). The answer is the same either way.
  it("answers a LOGIN send for an unknown account like any other, and sends the code while sign-up is open", async () => {
    const proof = await solvedCaptcha(app);
    const res = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      payload: { email: "stranger@example.com", businessScope: "LOGIN", ...proof },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ interval: 60 });
    expect(res.json().captchaKey).toMatch(/^[\w-]{24}$/);
    expect(await latestMessage(app, "stranger@example.com")).toBeDefined();
  });

  it("burns a code after five wrong tries and limits checks per target with 429", async () => {
    await registerByEmail(app, "brute@example.com");
    const { code } = await emailCode(app, "brute@example.com", "LOGIN");
    for (let i = 0; i < 5; i++) {
      const guess = String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
      expect((await codeLogin("brute@example.com", guess)).statusCode).toBe(400);
    }
    // Five wrong tries used the code up: the right one no longer works.
    expect((await codeLogin("brute@example.com", code)).json().code).toBe("account.codeInvalid");
    // Registering used one check; with the six above, the target's tenth check is the last one allowed.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await codeLogin("brute@example.com", "000000")).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

describe("code sending", () => {
  it("allows one send per 60 s per target and purpose (spec 9 interval)", async () => {
    await emailCode(app, "tick@example.com", "REGISTER");
    const proof = await solvedCaptcha(app);
    const res = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      headers: { "x-lang": "zh_HK" },
      payload: { email: "tick@example.com", businessScope: "REGISTER", ...proof },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      failed: true,
      code: "error.rateLimited",
      message: "操作過於頻繁，請稍後再試",
    });
  });

  it("asks for no captcha on a first send (ADR 0321); a wrong answer and a reused one are refused", async () => {
    const none = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      remoteAddress: "192.0.2.77",
      payload: { email: "cap-first@example.com", businessScope: "REGISTER" },
    });
    expect(none.statusCode, none.body).toBe(200);

    const proof = await solvedCaptcha(app);
    const wrongDigit = String((Number(proof.captcha[0]) + 1) % 10) + proof.captcha.slice(1);
    const wrong = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      headers: { "x-lang": "zh_CN" },
      payload: {
        email: "cap@example.com",
        businessScope: "REGISTER",
        captchaKey: proof.captchaKey,
        captcha: wrongDigit,
      },
    });
    expect(wrong.json()).toMatchObject({ code: "captcha.invalid", message: "验证码错误" });
    // The captcha was spent by the wrong try: the right answer no longer works either.
    const reused = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      payload: { email: "cap@example.com", businessScope: "REGISTER", ...proof },
    });
    expect(reused.json().code).toBe("captcha.invalid");
  });

  it("serves the captcha as an SVG data URL that does not contain the answer as text", async () => {
    const res = await app.server.inject({ method: "POST", url: "/o2user/v1/pub/captcha/generate-image" });
    const { captchaKey, image, obfuscationKey, expiresIn } = res.json();
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(obfuscationKey).toMatch(/^\d{4}$/);
    expect(expiresIn).toBe(300);
    const svg = Buffer.from(image.split(",")[1], "base64").toString();
    expect(svg).not.toContain("<text");
    const answer = (await app.server.inject({ method: "GET", url: `/__dev/captcha/${captchaKey}` })).json()
      .answer;
    expect(svg).not.toContain(answer);
  });

  it("binds a pre-validated lastCheckKey to its account", async () => {
    const proof = await solvedCaptcha(app);
    const check = await app.server.inject({
      method: "GET",
      url: "/iam/hzero/v1/users/captcha/pre-validate",
      query: { account: "alice@example.com", userType: "C", ...proof },
    });
    const res = await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-email-captcha-always",
      payload: {
        email: "mallory@example.com",
        businessScope: "REGISTER",
        lastCheckKey: check.json().lastCheckKey,
      },
    });
    expect(res.json().code).toBe("captcha.invalid");
  });

  it("answers pre-validate in the language its lang query names (spec 7), before x-lang", async () => {
    const proof = await solvedCaptcha(app);
    const wrong = proof.captcha === "0000" ? "1111" : "0000";
    const res = await app.server.inject({
      method: "GET",
      url: "/iam/hzero/v1/users/captcha/pre-validate",
      headers: { "x-lang": "en_US" },
      query: {
        account: "alice@example.com",
        userType: "C",
        captchaKey: proof.captchaKey,
        captcha: wrong,
        lang: "zh-HK",
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true, code: "captcha.invalid", message: "驗證碼錯誤" });
  });

  it("checks a captcha through decrypt-captcha and returns an unbound lastCheckKey", async () => {
    const proof = await solvedCaptcha(app);
    const res = await app.server.inject({
      method: "GET",
      url: "/o2user/v1/pub/decrypt-captcha",
      query: proof,
    });
    expect(res.json()).toMatchObject({ success: true });
    const send = await app.server.inject({
      method: "GET",
      url: "/o2user/v1/pub/send-email-captcha-always",
      query: {
        email: "anyone@example.com",
        businessScope: "REGISTER",
        lastCheckKey: res.json().lastCheckKey,
      },
    });
    expect(send.statusCode).toBe(200);
    const scene = await app.server.inject({ method: "GET", url: "/o2user/v1/pub/query-captcha-scene" });
    expect(scene.json()).toMatchObject({ captchaScene: "IMAGE", captchaLength: 4 });
  });
});

describe("forgotten password", () => {
  it("resets the password with a RESET_PASSWORD code and ends every session", async () => {
    const tokens = await registerByEmail(app, "forgot@example.com");
    const proof = await solvedCaptcha(app);
    const send = await app.server.inject({
      method: "GET",
      url: "/o2user/v1/pub/hzero/users/find-password-email/send-captcha",
      query: { email: "forgot@example.com", userType: "C", ...proof },
    });
    expect(send.statusCode).toBe(200);
    const body = (await latestMessage(app, "forgot@example.com"))!.body;
    const code = /\b(\d{6})\b/.exec(body)![1]!;
    const reset = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/customer/reset-password",
      payload: {
        email: "forgot@example.com",
        captcha: code,
        captchaKey: send.json().captchaKey,
        password: await encryptPassword(app, "N3w-Passphrase"),
      },
    });
    expect(reset.statusCode).toBe(200);
    const old = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: bearer(tokens.accessToken),
    });
    expect(old.statusCode).toBe(401);
    const login = (password: string) =>
      encryptPassword(app, password).then((encrypted) =>
        app.server.inject({
          method: "POST",
          url: "/o2cum/v1/pub/customer/login",
          payload: { account: "forgot@example.com", password: encrypted },
        }),
      );
    expect((await login(GOOD_PASSWORD)).statusCode).toBe(400);
    expect((await login("N3w-Passphrase")).statusCode).toBe(200);
  });
});
