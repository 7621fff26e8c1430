import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, customerCoupons, customers } from "../../../db/schema/index.ts";
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
} from "../account/account-test-kit.ts";

// Issue 12 (ADR 0252): a new account receives the welcome coupon the home page advertises (seeded WELCOME10),
// in the transaction that makes the account, by every way an account is made, and never twice.
const app = setupTestApp();

async function available(headers: Record<string, string>) {
  const res = await app.server.inject({
    method: "GET",
    url: "/o2mkt/v1/customer/coupons?state=available&page=0&size=20",
    headers: { ...headers, "x-lang": "en_US" },
  });
  expect(res.statusCode).toBe(200);
  return res.json().content.map((c: { code: string }) => c.code) as string[];
}

async function idToken(provider: string, claims: Record<string, unknown>) {
  const res = await app.server.inject({
    method: "POST",
    url: `/__dev/identity/${provider}/token`,
    payload: claims,
  });
  expect(res.statusCode).toBe(200);
  return res.json().idToken as string;
}

async function customerId(email: string) {
  const [row] = await app.database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.email, email));
  return row!.id;
}

describe("the welcome coupon", () => {
  it("is in a new e-mail account's wallet, once, and a second registration of the address adds none", async () => {
    const { accessToken } = await registerByEmail(app, "welcome-email@example.com");
    expect(await available(bearer(accessToken))).toEqual(["WELCOME10"]);
    // Receiving it again is refused: it is a one-per-customer coupon they already hold.
    const again = await app.server.inject({
      method: "POST",
      url: "/o2mkt/v1/customer/coupons/WELCOME10/receive",
      headers: { ...bearer(accessToken), "x-requested-with": "fetch" },
    });
    expect(again.statusCode).toBe(422);
    await expect(registerByEmail(app, "welcome-email@example.com")).rejects.toThrow(/failed/);
    expect(await available(bearer(accessToken))).toEqual(["WELCOME10"]);
  });

  it("is given with a social sign-up and with a new account made on the bind page", async () => {
    const token = await idToken("google", {
      sub: "g-welcome",
      email: "welcome-social@example.com",
      nonce: "n",
    });
    const bound = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/register-bind-login",
      headers: BEARER,
      payload: { channel: "PC", provider: "google", openAccessToken: token, nonce: "n" },
    });
    expect(bound.json()).toMatchObject({ success: true });
    expect(await available(bearer(bound.json().accessToken))).toEqual(["WELCOME10"]);

    const apple = await idToken("apple", {
      sub: "apple-welcome",
      email: "hidden-w@example.com",
      emailVerified: false,
    });
    const proof = await solvedCaptcha(app);
    await app.server.inject({
      method: "POST",
      url: "/o2user/v1/pub/send-phone-captcha-always",
      payload: { phone: "13800138111", internationalTelCode: "86", businessScope: "REGISTER", ...proof },
    });
    const code = codeIn((await latestMessage(app, "+8613800138111"))!.body);
    const bind = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/pub/social-login/bind",
      headers: BEARER,
      payload: {
        provider: "apple",
        openAccessToken: apple,
        phone: "13800138111",
        internationalTelCode: "86",
        captcha: code,
        password: await encryptPassword(app, GOOD_PASSWORD),
        protocolAgreed: true,
      },
    });
    expect(bind.statusCode).toBe(200);
    expect(await available(bearer(bind.json().accessToken))).toEqual(["WELCOME10"]);
  });

  it("is given at most once per customer, even when granted again in racing transactions", async () => {
    await registerByEmail(app, "welcome-race@example.com");
    const id = await customerId("welcome-race@example.com");
    const { db } = app.database;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction((tx) => app.services.coupon.grantWelcome(id, tx as unknown as typeof db)),
      ),
    );
    expect(results.flat()).toEqual([]);
    const wallet = await db.select().from(customerCoupons).where(eq(customerCoupons.customerId, id));
    expect(wallet.map((w) => w.couponCode)).toEqual(["WELCOME10"]);
  });

  it("follows the operator's setting: none when it is off or the coupon disabled, any coupon marked as one", async () => {
    const { db } = app.database;
    await db.update(coupons).set({ welcomeGift: false }).where(eq(coupons.code, "WELCOME10"));
    await db.update(coupons).set({ welcomeGift: true }).where(eq(coupons.code, "SAVE20HKD"));
    const one = await registerByEmail(app, "welcome-setting@example.com");
    expect(await available(bearer(one.accessToken))).toEqual(["SAVE20HKD"]);
    await db.update(coupons).set({ enabled: false }).where(eq(coupons.code, "SAVE20HKD"));
    const two = await registerByEmail(app, "welcome-none@example.com");
    expect(await available(bearer(two.accessToken))).toEqual([]);
    await db.update(coupons).set({ enabled: true, welcomeGift: false }).where(eq(coupons.code, "SAVE20HKD"));
    await db.update(coupons).set({ welcomeGift: true }).where(eq(coupons.code, "WELCOME10"));
  });
});
