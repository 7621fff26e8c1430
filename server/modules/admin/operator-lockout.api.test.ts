import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { solvedCaptcha } from "../account/account-test-kit.ts";
import { createOperator, OPERATOR_PASSWORD, setCookieValue } from "./admin-test-kit.ts";
import { OPERATOR_CHALLENGE_COOKIE, OPERATOR_SESSION_COOKIE } from "./route.ts";
import { totpCode } from "./totp.ts";

const FETCH = { "x-requested-with": "fetch" };

/*
 * Issue 32 (ADR 0312): ten wrong passwords for an operator's e-mail, from any addresses, locked the operator out
 * of the console for fifteen minutes (429 to the right password and TOTP code). Now they only slow sign-in down
 * and ask for an image captcha, as for shoppers (ADR 0187); failed attempts stay limited per client address.
 */
describe("wrong passwords for an operator's e-mail", () => {
  const app = setupTestApp();

  function passwordStep(
    email: string,
    password: string,
    remoteAddress: string,
    extra: Record<string, string> = {},
  ) {
    return app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/login",
      headers: { ...FETCH, "x-lang": "zh_HK" },
      remoteAddress,
      payload: { email, password, ...extra },
    });
  }

  it("never lock the operator out: the right password with a captcha, then the TOTP code, still sign in", async () => {
    const owner = await createOperator(app, "owner");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push(
        (await passwordStep(owner.email, `wrong-password-${i}`, `198.51.100.${i + 1}`)).statusCode,
      );
    // Five free attempts, then every attempt without a captcha is asked for one, never a 429.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 400, 400, 400, 400, 400]);

    const asked = await passwordStep(owner.email, OPERATOR_PASSWORD, "203.0.113.7");
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({
      failed: true,
      code: "captcha.required",
      message: "請先完成圖形驗證",
    });

    // The attacker with a solved captcha still gets only "wrong password".
    const guessed = await passwordStep(owner.email, "wrong-again", "198.51.100.99", await solvedCaptcha(app));
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().code).toBe("adminApi.signInFailed");

    // The owner's sign-in page fetches a captcha from the console API and sends it with the right password.
    const generated = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/captcha",
      headers: FETCH,
      remoteAddress: "203.0.113.7",
    });
    expect(generated.statusCode).toBe(200);
    const { captchaKey, obfuscationKey, image } = generated.json();
    expect(image).toMatch(/^data:image\/svg\+xml/);
    const answer = (await app.server.inject({ method: "GET", url: `/__dev/captcha/${captchaKey}` })).json()
      .answer as string;
    const { obfuscateDigits } = await import("../../../app/features/account/captcha-digits.ts");
    const login = await passwordStep(owner.email, OPERATOR_PASSWORD, "203.0.113.7", {
      captchaKey,
      captcha: obfuscateDigits(answer, obfuscationKey),
    });
    expect(login.statusCode, login.body).toBe(200);
    const totp = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/auth/totp",
      headers: {
        ...FETCH,
        cookie: `${OPERATOR_CHALLENGE_COOKIE}=${setCookieValue(login, OPERATOR_CHALLENGE_COOKIE)}`,
      },
      payload: { code: totpCode(owner.secret) },
    });
    expect(totp.statusCode).toBe(200);
    expect(setCookieValue(totp, OPERATOR_SESSION_COOKIE)).toBeTruthy();

    // A success clears the count: the next sign-in needs no captcha.
    const next = await passwordStep(owner.email, OPERATOR_PASSWORD, "203.0.113.7");
    expect(next.statusCode).toBe(200);
  });

  it("answers an unknown e-mail the same way, and still limits failed attempts per client address", async () => {
    const unknown: number[] = [];
    for (let i = 0; i < 6; i += 1)
      unknown.push((await passwordStep("nobody-32@ops.roamly.test", "x", `192.0.2.${i + 1}`)).statusCode);
    expect(unknown).toEqual([401, 401, 401, 401, 401, 400]);

    const support = await createOperator(app, "support");
    const fromOne: number[] = [];
    for (let i = 0; i < 51; i += 1)
      fromOne.push((await passwordStep(`someone-${i}@ops.roamly.test`, "x", "198.18.0.1")).statusCode);
    expect(fromOne.slice(0, 50).every((status) => status === 401)).toBe(true);
    expect(fromOne[50]).toBe(429);
    // Only that address: the operator signs in from elsewhere without a captcha.
    expect((await passwordStep(support.email, OPERATOR_PASSWORD, "198.18.0.2")).statusCode).toBe(200);
  });
});
