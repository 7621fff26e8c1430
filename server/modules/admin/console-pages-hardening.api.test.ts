import { beforeAll, describe, expect, it } from "vitest";
import { setupPageApp } from "../../../test/api.ts";
import { shopper } from "../checkout/purchase-test-kit.ts";
import { createOperator, OPERATOR_PASSWORD, operatorCookie } from "./admin-test-kit.ts";
import { OPERATOR_CHALLENGE_COOKIE } from "./route.ts";

/*
 * Issue 32 (ADR 0312): the console's sign-in page, a plain form, shows the image captcha the password step asks
 * for once an operator's e-mail had five failed sign-ins, and signs the operator in with it.
 */
const app = setupPageApp();

// The first render compiles the console's modules (slow on a loaded machine): done here, outside the test.
beforeAll(async () => {
  expect((await app.server.inject({ method: "GET", url: "/admin/login" })).statusCode).toBe(200);
}, 240_000);

function submit(fields: Record<string, string>, remoteAddress: string) {
  return app.server.inject({
    method: "POST",
    url: "/admin/login",
    remoteAddress,
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe("the console's sign-in page under a password-guessing attack", () => {
  it("asks for the digits in an image, keeps the e-mail, and then goes on to the TOTP step", async () => {
    const owner = await createOperator(app, "owner");
    for (let i = 0; i < 5; i += 1)
      expect(
        (await submit({ email: owner.email, password: `wrong-${i}` }, `198.51.100.${i + 1}`)).statusCode,
      ).toBe(200);

    const asked = await submit({ email: owner.email, password: OPERATOR_PASSWORD }, "203.0.113.9");
    expect(asked.statusCode).toBe(200);
    const html = asked.body;
    // Read from the rendered elements: the console's catalogue is in the page too.
    expect(/role="alert"[^>]*>([^<]*)</.exec(html)?.[1]).toBe("Complete the image check first");
    expect(html).toMatch(
      /<p[^>]*>Several sign-ins to this account failed\. Type the digits in the image as well\.</,
    );
    expect(html).toMatch(/<img[^>]+src="data:image\/svg\+xml[^"]*"[^>]+alt="Image with the digits to type"/);
    expect(html).toContain(`value="${owner.email}"`);
    const captchaKey = /name="captchaKey" value="([^"]+)"/.exec(html)![1]!;
    const obfuscationKey = /name="obfuscationKey" value="([^"]+)"/.exec(html)![1]!;
    expect(obfuscationKey).toMatch(/^\d+$/);

    const answer = (await app.server.inject({ method: "GET", url: `/__dev/captcha/${captchaKey}` })).json()
      .answer as string;
    const signedIn = await submit(
      { email: owner.email, password: OPERATOR_PASSWORD, captchaKey, obfuscationKey, captcha: answer },
      "203.0.113.9",
    );
    expect(signedIn.statusCode, signedIn.body.slice(0, 300)).toBe(302);
    expect(signedIn.headers.location).toBe("/admin/login/totp");
    expect(String(signedIn.headers["set-cookie"])).toContain(`${OPERATOR_CHALLENGE_COOKIE}=`);
  }, 120_000);
});

// Issue 32 (ADR 0313): the customer page says when an adjustment waits for approval, and lists it for approval.
describe("the console's customer page and an adjustment above support's limit", () => {
  async function page(cookie: string, url: string, fields?: Record<string, string>) {
    return app.server.inject({
      method: fields ? "POST" : "GET",
      url,
      headers: {
        cookie,
        ...(fields
          ? { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" }
          : {}),
      },
      ...(fields ? { payload: new URLSearchParams(fields).toString() } : {}),
    });
  }

  /** The text of the page's success note (the console's catalogue is in the page too, so not the whole body). */
  const note = (html: string) => /role="status"[^>]*>([^<]*)</.exec(html)?.[1];

  it("tells support it waits, and lets an owner approve it once", async () => {
    const who = await shopper(app);
    const url = `/admin/customers/${who.id}`;
    const support = await operatorCookie(app, await createOperator(app, "support"));
    const asked = await page(support, url, {
      intent: "credit",
      idempotencyKey: crypto.randomUUID(),
      amount: "100000",
      reason: "Goodwill for a slow eSIM",
    });
    expect(asked.statusCode).toBe(200);
    expect(note(asked.body)).toContain("waits for finance or an owner to approve it");

    const owner = await operatorCookie(app, await createOperator(app, "owner"));
    const shown = await page(owner, url);
    expect(shown.body).toMatch(/<h3[^>]*>Adjustments waiting for approval</);
    const requestId = /name="requestId" value="([^"]+)"/.exec(shown.body)![1]!;
    const approved = await page(owner, url, { intent: "approve", requestId });
    expect(note(approved.body)).toBe("Adjustment approved.");
    expect(approved.body).not.toContain('name="requestId"');
    const balance = (await app.services.credit.balanceOf(who.id)).balanceMinor;
    expect(balance).toBe(10_000_000);
  }, 180_000);
});
