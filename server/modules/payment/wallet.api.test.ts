import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { orderRow, orderToPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";

// The sandbox hosted page's wallet-style buttons (issue 5; ADR 0166): Apple Pay and Google Pay next to the card
// form; a button opens the wallet's sheet, confirming it pays through the same path as a card.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

function wallet(sessionId: string, form: Record<string, string>) {
  return app.server.inject({
    method: "POST",
    url: `/__sandbox/pay/${sessionId}/wallet`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

describe("the sandbox hosted page's wallet buttons", () => {
  it("offers Apple Pay and Google Pay above the card form, in the page's language", async () => {
    const who = await shopper(app);
    const { redirectUrl } = await orderToPay(app, who, { quantity: 2 }, { lang: "zh_CN" });
    const page = await app.server.inject({ method: "GET", url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("快捷支付");
    expect(page.body).toMatch(
      /<button type="submit" name="wallet" value="apple_pay"[^>]*>Apple Pay<\/button>/,
    );
    expect(page.body).toMatch(
      /<button type="submit" name="wallet" value="google_pay"[^>]*>Google Pay<\/button>/,
    );
    expect(page.body).toContain("或使用银行卡支付");
    // The wallets come before the card form, as on Stripe Checkout.
    expect(page.body.indexOf("Apple Pay")).toBeLessThan(page.body.indexOf('name="number"'));
    expect(page.body).not.toContain("<script");
  });

  it("opens the wallet's sheet; going back changes nothing, confirming pays the order once", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who, { quantity: 2 });
    const sheet = await wallet(sessionId, { wallet: "google_pay" });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body).toContain("Google Pay (test wallet)");
    expect(sheet.body).toContain("Confirm payment HK$119.80");
    expect(sheet.body).not.toContain('name="number"');

    const back = await wallet(sessionId, { wallet: "google_pay", action: "back" });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('name="number"');
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");

    const paid = await wallet(sessionId, { wallet: "google_pay", action: "approve" });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost/pay/result?orderCode=${code}`);
    await settle(app);
    expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(app, code)).status);
    const order = await orderRow(app, code);
    const fulfil = await app.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'fulfil-order' and ${jobs.payload}->>'orderId' = ${order.id}`);
    expect(fulfil).toHaveLength(1);

    // A second confirmation (a double tap) finds the page closed and pays nothing more.
    const again = await wallet(sessionId, { wallet: "google_pay", action: "approve" });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain("This payment page is no longer open.");
    await settle(app);
    expect(
      await app.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'fulfil-order' and ${jobs.payload}->>'orderId' = ${order.id}`),
    ).toHaveLength(1);
  });

  it("says so in Traditional Chinese, and refuses an unknown wallet or step with 400 and no payment", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(app, who, { quantity: 2 }, { lang: "zh_HK" });
    const sheet = await wallet(sessionId, { wallet: "apple_pay", lang: "zh_HK" });
    expect(sheet.body).toContain("Apple Pay（測試錢包）");
    expect(sheet.body).toContain("確認付款 HK$119.80");
    const forms: Record<string, string>[] = [
      { wallet: "paypal", action: "approve" },
      { wallet: "apple_pay", action: "steal" },
      { action: "approve" },
    ];
    for (const form of forms) {
      const refused = await wallet(sessionId, form);
      expect(refused.statusCode, JSON.stringify(form)).toBe(400);
    }
    const unknown = await wallet("ps_000000000000000000000000", { wallet: "apple_pay", action: "approve" });
    expect(unknown.statusCode).toBe(404);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");
  });
});
