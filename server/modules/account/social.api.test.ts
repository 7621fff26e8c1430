import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import {
  BEARER,
  bearer,
  codeIn,
  encryptPassword,
  GOOD_PASSWORD,
  latestMessage,
  registerByEmail,
  solvedCaptcha,
} from "./account-test-kit.ts";

const app = setupTestApp();

async function idToken(provider: string, claims: Record<string, unknown>) {
  const res = await app.server.inject({
    method: "POST",
    url: `/__dev/identity/${provider}/token`,
    payload: claims,
  });
  expect(res.statusCode).toBe(200);
  return res.json().idToken as string;
}

function openToken(provider: string, openAccessToken: string, nonce?: string) {
  return app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/social-login/open-token",
    headers: { ...BEARER, "x-lang": "zh_CN" },
    payload: { grantType: "implicit", provider, openAccessToken, channel: "PC", nonce },
  });
}

describe("social login (spec 4, 8)", () => {
  it("publishes the client IDs the browser's provider SDKs sign in with (ADR 0164)", async () => {
    const res = await app.server.inject({ method: "GET", url: "/o2cum/v1/pub/social-login/clients" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      google: "sandbox-google-client",
      apple: "sandbox-apple-client",
      facebook: "sandbox-facebook-app",
    });
  });

  it("publishes the sandbox issuer's JWKS", async () => {
    const res = await app.server.inject({ method: "GET", url: "/__dev/identity/google/jwks.json" });
    expect(res.json().keys[0]).toMatchObject({ kty: "EC", alg: "ES256" });
  });

  it("userNotFound, then register-bind-login creates and links the account, then open-token logs in", async () => {
    const token = await idToken("google", { sub: "g-1", email: "Lin@Example.com", nonce: "n-1" });
    const first = await openToken("google", token, "n-1");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: false,
      code: "hoth.social.userNotFound",
      extraMessage: { provider: "google", email: "lin@example.com" },
    });
    const bound = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/register-bind-login",
      headers: BEARER,
      payload: { channel: "PC", provider: "google", openAccessToken: token, nonce: "n-1" },
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json()).toMatchObject({ success: true, code: "success", expiresIn: 7200 });
    const me = await app.server.inject({
      method: "GET",
      url: "/o2cum/v1/customer-info",
      headers: bearer(bound.json().accessToken),
    });
    expect(me.json()).toMatchObject({ email: "lin@example.com", hasPassword: false });

    const again = await openToken("google", token, "n-1");
    expect(again.json()).toMatchObject({ success: true, message: "登录成功" });
    expect(again.json().accessToken).toMatch(/^[\w-]{43}$/);
  });

  it("providerNotBindUser for an existing e-mail, then bind with the account's password", async () => {
    await registerByEmail(app, "owner@example.com");
    const token = await idToken("facebook", { sub: "fb-9", email: "owner@example.com" });
    const first = await openToken("facebook", token);
    expect(first.json()).toMatchObject({ success: false, code: "hoth.social.providerNotBindUser" });
    // register-bind-login must not take over the existing account.
    const takeover = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/register-bind-login",
      payload: { channel: "PC", provider: "facebook", openAccessToken: token },
    });
    expect(takeover.json()).toMatchObject({ success: false, code: "hoth.social.providerNotBindUser" });

    const wrong = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/bind",
      payload: {
        provider: "facebook",
        openAccessToken: token,
        email: "owner@example.com",
        password: await encryptPassword(app, "Wrong-pass1!"),
        protocolAgreed: true,
      },
    });
    expect(wrong.json().code).toBe("account.loginFailed");
    const bind = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/bind",
      headers: BEARER,
      payload: {
        provider: "facebook",
        openAccessToken: token,
        email: "owner@example.com",
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(bind.statusCode).toBe(200);
    expect(bind.json().success).toBe(true);
    expect((await openToken("facebook", token)).json().success).toBe(true);
  });

  it("openEmailOrPhoneNotFound without a verified e-mail, then bind a new phone account with a code", async () => {
    const token = await idToken("apple", {
      sub: "apple-7",
      email: "hidden@example.com",
      emailVerified: false,
    });
    expect((await openToken("apple", token)).json().code).toBe("hoth.social.openEmailOrPhoneNotFound");

    const proof = await solvedCaptcha(app);
    await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: { phone: "13800138000", internationalTelCode: "86", businessScope: "REGISTER", ...proof },
    });
    const code = codeIn((await latestMessage(app, "+8613800138000"))!.body);
    const missingAgreement = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/bind",
      payload: {
        provider: "apple",
        openAccessToken: token,
        phone: "13800138000",
        internationalTelCode: "86",
        captcha: code,
        password: await encryptPassword(app, GOOD_PASSWORD),
      },
    });
    expect(missingAgreement.statusCode).toBe(400);
    expect(missingAgreement.json().fields.protocolAgreed).toBe("account.protocolRequired");
    const bind = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/bind",
      headers: BEARER,
      payload: {
        provider: "apple",
        openAccessToken: token,
        phone: "13800138000",
        internationalTelCode: "86",
        captcha: code,
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(bind.statusCode).toBe(200);
    expect((await openToken("apple", token)).json().success).toBe(true);
  });

  it("rejects tokens for another audience, expired tokens, a wrong nonce and forged signatures", async () => {
    const otherAudience = await idToken("google", {
      sub: "g-2",
      email: "a@example.com",
      aud: "someone-else",
    });
    expect((await openToken("google", otherAudience)).json().code).toBe("social.invalidToken");
    const expired = await idToken("google", { sub: "g-2", email: "a@example.com", expiresInS: -120 });
    expect((await openToken("google", expired)).statusCode).toBe(400);
    const withNonce = await idToken("google", { sub: "g-2", email: "a@example.com", nonce: "right" });
    expect((await openToken("google", withNonce, "wrong")).json().code).toBe("social.invalidToken");
    expect((await openToken("google", withNonce)).json().code).toBe("social.invalidToken");
    // A Google token is not accepted as an Apple one (other issuer and keys).
    const google = await idToken("google", { sub: "g-3", email: "b@example.com" });
    expect((await openToken("apple", google)).json().code).toBe("social.invalidToken");
    const [header, payload] = google.split(".");
    const forged = `${header}.${payload}.${"A".repeat(86)}`;
    expect((await openToken("google", forged)).json()).toMatchObject({
      failed: true,
      code: "social.invalidToken",
    });
  });
});
