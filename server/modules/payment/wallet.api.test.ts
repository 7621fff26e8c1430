import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs, orders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { place, pricePlan, type Shopper, shopper } from "../checkout/purchase-test-kit.ts";

// The sandbox hosted page's wallet-style buttons (issue 5; ADR 0166): Apple Pay and Google Pay next to the card
// form; a button opens the wallet's sheet, confirming it pays through the same path as a card.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

async function orderToPay(who: Shopper, lang = "en_US") {
  const placed = await place(app, who, { quantity: 2 }, { lang });
  expect(placed.statusCode).toBe(201);
  const code = placed.json().code as string;
  const started = await app.server.inject({
    method: "POST",
    url: `/o2pay/v1/customer/orders/${code}/pay`,
    headers: { ...who.headers, "x-lang": lang },
  });
  expect(started.statusCode).toBe(200);
  return {
    code,
    sessionId: started.json().sessionId as string,
    redirectUrl: started.json().redirectUrl as string,
  };
}

function wallet(sessionId: string, form: Record<string, string>) {
  return app.server.inject({
    method: "POST",
    url: `/__sandbox/pay/${sessionId}/wallet`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

async function orderRow(code: string) {
  const [row] = await app.database.db.select().from(orders).where(eq(orders.code, code));
  return row!;
}

const settle = () => app.services.jobs.drain(new Date(Date.now() + 60_000));

describe("the sandbox hosted page's wallet buttons", () => {
  it("offers Apple Pay and Google Pay above the card form, in the page's language", async () => {
    const who = await shopper(app);
    const { redirectUrl } = await orderToPay(who, "zh_CN");
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
    const { code, sessionId } = await orderToPay(who);
    const sheet = await wallet(sessionId, { wallet: "google_pay" });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body).toContain("Google Pay (test wallet)");
    expect(sheet.body).toContain("Confirm payment HK$119.80");
    expect(sheet.body).not.toContain('name="number"');

    const back = await wallet(sessionId, { wallet: "google_pay", action: "back" });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('name="number"');
    await settle();
    expect((await orderRow(code)).status).toBe("PENDING_PAYMENT");

    const paid = await wallet(sessionId, { wallet: "google_pay", action: "approve" });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost/pay/result?orderCode=${code}`);
    await settle();
    expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(code)).status);
    const order = await orderRow(code);
    const fulfil = await app.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'fulfil-order' and ${jobs.payload}->>'orderId' = ${order.id}`);
    expect(fulfil).toHaveLength(1);

    // A second confirmation (a double tap) finds the page closed and pays nothing more.
    const again = await wallet(sessionId, { wallet: "google_pay", action: "approve" });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain("This payment page is no longer open.");
    await settle();
    expect(
      await app.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'fulfil-order' and ${jobs.payload}->>'orderId' = ${order.id}`),
    ).toHaveLength(1);
  });

  it("says so in Traditional Chinese, and refuses an unknown wallet or step with 400 and no payment", async () => {
    const who = await shopper(app);
    const { code, sessionId } = await orderToPay(who, "zh_HK");
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
    await settle();
    expect((await orderRow(code)).status).toBe("PENDING_PAYMENT");
  });
});
