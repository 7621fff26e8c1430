import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { translate } from "../../../core/i18n/index.ts";
import { messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { orderRow, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";

/**
 * The refund e-mail (issue 12, ADR 0254): designed, in the order's language, with the amount in the order's
 * currency; written with the refund's success, so each refund is told exactly once, even when an operator's
 * request is retried or raced.
 */
describe("refund e-mail", () => {
  const app = setupTestApp();

  beforeAll(async () => {
    await pricePlan(app);
  });

  async function paidOrder(lang: string) {
    const who = await shopper(app);
    const code = await placeAndPay(app, who, {}, { lang });
    await settle(app);
    return { who, code, row: await orderRow(app, code) };
  }

  function refund(headers: Record<string, string>, code: string, body: Record<string, unknown>) {
    return app.server.inject({
      method: "POST",
      url: `/o2adm/v1/orders/${code}/refunds`,
      headers,
      payload: { reason: "Customer asked", idempotencyKey: randomUUID(), ...body },
    });
  }

  async function refundMails(to: string, code: string) {
    const all = await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, to));
    return all.filter((m) => m.subject.includes(code) && m.subject !== "" && /refund|退款/i.test(m.subject));
  }

  it("tells the shopper once per refund: a part to the card, then the rest to credit, retried and raced", async () => {
    const headers = await operatorHeaders(app, await createOperator(app, "finance"));
    const { who, code, row } = await paidOrder("zh_HK");
    expect(row.currencyCode).toBe("HKD");
    const part = 2000;

    const key = randomUUID();
    const first = await refund(headers, code, { amount: part, destination: "CARD", idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(200);
    // The operator's retry of the same request is the same refund: no second e-mail.
    const again = await refund(headers, code, { amount: part, destination: "CARD", idempotencyKey: key });
    expect(again.json().replayed).toBe(true);
    let mails = await refundMails(who.email, code);
    expect(mails).toHaveLength(1);
    const [card] = mails;
    expect(card!.subject).toBe(
      translate("zh_HK", "purchase.email.refundSubject", { amount: "HK$20.00", code }),
    );
    expect(card!.html).toContain('lang="zh-HK"');
    expect(card!.body).toContain(translate("zh_HK", "purchase.email.refundPartial"));
    expect(card!.body).toContain(translate("zh_HK", "mail.destination.card"));
    expect(card!.body).toContain(row.planTitle);
    expect(card!.body).toMatch(/https?:\/\/[^\s]+\/zh_HK\/my\/order\//);

    // Two operators (or a double click) send the rest to credit at once under one key: one refund, one e-mail.
    const restKey = randomUUID();
    const rest = row.total - part;
    const raced = await Promise.all(
      Array.from({ length: 4 }, () =>
        refund(headers, code, { amount: rest, destination: "CREDIT", idempotencyKey: restKey }),
      ),
    );
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(raced.filter((r) => !r.json().replayed)).toHaveLength(1);
    mails = await refundMails(who.email, code);
    expect(mails).toHaveLength(2);
    const credit = mails.find((m) => m.id !== card!.id)!;
    const amount = `HK$${(rest / 100).toFixed(2)}`;
    expect(credit.subject).toBe(translate("zh_HK", "purchase.email.refundSubject", { amount, code }));
    expect(credit.body).toContain(translate("zh_HK", "purchase.email.refundFull"));
    expect(credit.body).toContain(translate("zh_HK", "mail.destination.credit"));
    expect(credit.html).toContain(translate("zh_HK", "mail.refundHeadingCredit"));
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    expect(await refundMails(who.email, code)).toHaveLength(2);
  });

  it("refunds a whole order to the card in English, in the order's currency", async () => {
    const headers = await operatorHeaders(app, await createOperator(app, "owner"));
    const { who, code, row } = await paidOrder("en_US");
    const res = await refund(headers, code, { amount: row.total, destination: "CARD" });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await refundMails(who.email, code);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Refund of HK$${(row.total / 100).toFixed(2)} for order ${code}`);
    expect(mails[0]!.body).toContain("The order is now refunded in full.");
    expect(mails[0]!.body).toContain("original payment method");
  });

  it("sends no e-mail when the operator unticks 'tell the shopper' on the refund screen (ADR 0356)", async () => {
    const headers = await operatorHeaders(app, await createOperator(app, "owner"));
    const { who, code, row } = await paidOrder("en_US");
    const card = await refund(headers, code, { amount: 1000, destination: "CARD", notify: false });
    expect(card.statusCode, card.body).toBe(200);
    const credit = await refund(headers, code, {
      amount: row.total - 1000,
      destination: "CREDIT",
      notify: false,
    });
    expect(credit.statusCode, credit.body).toBe(200);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    expect(await refundMails(who.email, code)).toHaveLength(0);
  });
});
