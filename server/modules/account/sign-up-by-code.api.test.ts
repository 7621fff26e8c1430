import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerCoupons, customers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { BEARER, bearer, codeIn, latestMessage, registerByEmail, solvedCaptcha } from "./account-test-kit.ts";
import { CODE_SENDS_FREE_PER_IP, CODE_SENDS_FREE_PER_TARGET } from "./service.ts";

// Issue 30 items 1 and 2 (ADRs 0320, 0321): a code signs in an existing account or creates one, race-safe; the
// image captcha is asked for by risk (repeated sends for one address or from one client, or a wrong code), never
// on the first send, and a bot still cannot send codes in bulk.
const app = setupTestApp();

let ipSeq = 0;
/** A client address no other test in this file uses. */
function freshIp() {
  ipSeq += 1;
  return `198.51.100.${ipSeq}`;
}

async function send(email: string, remoteAddress: string, extra: Record<string, unknown> = {}) {
  return app.server.inject({
    method: "POST",
    url: "/o2user/v1/pub/send-email-captcha-always",
    remoteAddress,
    headers: { "x-lang": "en_US" },
    payload: { email, userType: "C", businessScope: "LOGIN", ...extra },
  });
}

async function verify(email: string, code: string, captchaKey: string, extra: Record<string, unknown> = {}) {
  return app.server.inject({
    method: "POST",
    url: "/o2cum/v1/pub/customer/login-by-code",
    headers: { ...BEARER, "x-lang": "en_US" },
    payload: { email, captcha: code, captchaKey, protocolAgreed: true, ...extra },
  });
}

async function outboxCount(to: string): Promise<number> {
  const res = await app.server.inject({ method: "GET", url: `/__dev/outbox?to=${encodeURIComponent(to)}` });
  return (res.json().messages as unknown[]).length;
}

/** Lets the next send to `to` go at once, as if its minute had passed (the sandbox tool). */
async function expireCodes(to: string) {
  await app.server.inject({ method: "POST", url: "/__dev/codes/expire", payload: { to } });
}

async function accountsFor(email: string) {
  return app.database.db.select().from(customers).where(eq(customers.email, email));
}

describe("sign-up by code", () => {
  it("the first send needs no captcha and the code creates a passwordless account with its welcome coupon", async () => {
    const email = "by-code-new@example.com";
    const sent = await send(email, freshIp());
    expect(sent.statusCode, sent.body).toBe(200);
    const message = await latestMessage(app, email);
    expect(message, "the code is sent to a new address (it used to send nothing)").toBeDefined();

    const res = await verify(email, codeIn(message!.body), sent.json().captchaKey, {
      defaultLanguage: "zh_HK",
      preferenceCurrency: "HKD",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [account, ...others] = await accountsFor(email);
    expect(others).toHaveLength(0);
    expect(account).toMatchObject({
      passwordHash: null,
      defaultLanguage: "zh_HK",
      preferenceCurrency: "HKD",
    });
    expect(account!.acceptedTermsVersion).not.toBeNull();

    const wallet = await app.server.inject({
      method: "GET",
      url: "/o2mkt/v1/customer/coupons?state=available&page=0&size=20",
      headers: { ...bearer(res.json().accessToken), "x-lang": "en_US" },
    });
    expect(wallet.json().content.map((c: { code: string }) => c.code)).toEqual(["WELCOME10"]);
  });

  it("signs in an existing account with its code, password kept, no second account", async () => {
    const email = "by-code-existing@example.com";
    await registerByEmail(app, email);
    const [before] = await accountsFor(email);
    const sent = await send(email, freshIp());
    expect(sent.statusCode, sent.body).toBe(200);
    const res = await verify(email, codeIn((await latestMessage(app, email))!.body), sent.json().captchaKey);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await accountsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(before!.id);
    expect(rows[0]!.passwordHash).toBe(before!.passwordHash);
  });

  it("creates no account unless the terms are accepted; the spent code cannot be used again", async () => {
    const email = "by-code-no-terms@example.com";
    const sent = await send(email, freshIp());
    const code = codeIn((await latestMessage(app, email))!.body);
    const res = await verify(email, code, sent.json().captchaKey, { protocolAgreed: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failed: true, code: "account.protocolRequired" });
    expect(await accountsFor(email)).toHaveLength(0);
    const again = await verify(email, code, sent.json().captchaKey);
    expect(again.json().code).toBe("account.codeInvalid");
    expect(await accountsFor(email)).toHaveLength(0);
  });

  it("five racing verifies of one code create exactly one account and one welcome coupon", async () => {
    const email = "by-code-race@example.com";
    const sent = await send(email, freshIp());
    const code = codeIn((await latestMessage(app, email))!.body);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => verify(email, code, sent.json().captchaKey)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) {
      expect(answer.json().code).toBe("account.codeInvalid");
    }
    const rows = await accountsFor(email);
    expect(rows).toHaveLength(1);
    const gifts = await app.database.db
      .select()
      .from(customerCoupons)
      .where(eq(customerCoupons.customerId, rows[0]!.id));
    expect(gifts).toHaveLength(1);
  });

  it("is single use, expiring and attempt-limited", async () => {
    const email = "by-code-limits@example.com";
    const sent = await send(email, freshIp());
    const code = codeIn((await latestMessage(app, email))!.body);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect((await verify(email, wrong, sent.json().captchaKey)).json().code).toBe("account.codeInvalid");
    }
    // Five wrong tries used the code up: the right one no longer works.
    expect((await verify(email, code, sent.json().captchaKey)).json().code).toBe("account.codeInvalid");
    expect(await accountsFor(email)).toHaveLength(0);

    const other = "by-code-expired@example.com";
    const second = await send(other, freshIp());
    const secondCode = codeIn((await latestMessage(app, other))!.body);
    await expireCodes(other);
    expect((await verify(other, secondCode, second.json().captchaKey)).json().code).toBe(
      "account.codeExpired",
    );
    expect(await accountsFor(other)).toHaveLength(0);
  });
});

describe("captcha by risk (ASVS 6.3)", () => {
  it(`asks for a captcha after ${CODE_SENDS_FREE_PER_TARGET} sends to one address, not before`, async () => {
    const email = "risk-target@example.com";
    for (let i = 0; i < CODE_SENDS_FREE_PER_TARGET; i++) {
      const res = await send(email, freshIp());
      expect(res.statusCode, res.body).toBe(200);
      await expireCodes(email);
    }
    const asked = await send(email, freshIp());
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ failed: true, code: "captcha.required" });
    expect(await outboxCount(email)).toBe(CODE_SENDS_FREE_PER_TARGET);
    // With the captcha solved, the shopper still gets the code.
    const ip = freshIp();
    const solved = await send(email, ip, await solvedCaptcha(app, ip));
    expect(solved.statusCode, solved.body).toBe(200);
    expect(await outboxCount(email)).toBe(CODE_SENDS_FREE_PER_TARGET + 1);
  });

  it(`asks for a captcha after ${CODE_SENDS_FREE_PER_IP} sends from one client, not before`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CODE_SENDS_FREE_PER_IP; i++) {
      const res = await send(`risk-ip-${i}@example.com`, ip);
      expect(res.statusCode, res.body).toBe(200);
    }
    const asked = await send("risk-ip-next@example.com", ip);
    expect(asked.json().code).toBe("captcha.required");
    expect(await outboxCount("risk-ip-next@example.com")).toBe(0);
    // Another client is not affected.
    expect((await send("risk-ip-other@example.com", freshIp())).statusCode).toBe(200);
  });

  it("asks for a captcha on the next send after a wrong code", async () => {
    const email = "risk-wrong@example.com";
    const sent = await send(email, freshIp());
    expect(sent.statusCode).toBe(200);
    const code = codeIn((await latestMessage(app, email))!.body);
    await verify(email, code === "000000" ? "111111" : "000000", sent.json().captchaKey);
    await expireCodes(email);
    const asked = await send(email, freshIp());
    expect(asked.json().code).toBe("captcha.required");
  });

  it("a wrong or reused captcha is refused even where none was needed", async () => {
    const ip = freshIp();
    const proof = await solvedCaptcha(app, ip);
    const wrongDigit = String((Number(proof.captcha[0]) + 1) % 10) + proof.captcha.slice(1);
    const wrong = await send("risk-bad-captcha@example.com", ip, { ...proof, captcha: wrongDigit });
    expect(wrong.json().code).toBe("captcha.invalid");
    const reused = await send("risk-bad-captcha@example.com", ip, proof);
    expect(reused.json().code).toBe("captcha.invalid");
    expect(await outboxCount("risk-bad-captcha@example.com")).toBe(0);
  });

  it("a bot cannot send codes in bulk: from one client, to many addresses or to one", async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 40; i++)
      answers.push((await send(`bulk-${i}@example.com`, ip)).json().code ?? "sent");
    expect(answers.filter((code) => code === "sent")).toHaveLength(CODE_SENDS_FREE_PER_IP);
    // Past the client's hourly cap (30 sends) even the captcha does not help.
    expect(answers.slice(CODE_SENDS_FREE_PER_IP, 30).every((code) => code === "captcha.required")).toBe(true);
    expect(new Set(answers.slice(30))).toEqual(new Set(["error.rateLimited"]));
    let delivered = 0;
    for (let i = 0; i < 40; i++) delivered += await outboxCount(`bulk-${i}@example.com`);
    expect(delivered).toBe(CODE_SENDS_FREE_PER_IP);

    // Many clients to one address: one code a minute, and past the free sends a captcha.
    const target = "bulk-one@example.com";
    const spread = [];
    for (let i = 0; i < 10; i++) spread.push((await send(target, freshIp())).json().code ?? "sent");
    expect(spread[0]).toBe("sent");
    expect(spread[1]).toBe("error.rateLimited");
    expect(spread.slice(2)).toEqual(Array(8).fill("captcha.required"));
    expect(await outboxCount(target)).toBe(1);
  });
});
