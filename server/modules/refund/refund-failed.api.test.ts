import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { orderRow, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";

/**
 * A final card refund that fails for good (ADR 0280): the order does not stay REFUNDING; it goes back to its
 * paid status with a "card refund failed" step, and an operator retries the card or gives store credit instead,
 * each once however many operators ask at the same moment.
 */
describe("a full card refund the provider refuses for good", () => {
  const app = setupTestApp();
  const sandbox = () => app.services.sandboxPayments!;
  let finance: Record<string, string>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    await pricePlan(app);
    finance = await operatorHeaders(app, await createOperator(app, "finance"));
    owner = await operatorHeaders(app, await createOperator(app, "owner"));
  });

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    app.server.inject({ method: "POST", url: `/o2adm/v1${url}`, headers, ...(payload ? { payload } : {}) });
  const detail = async (code: string) =>
    (await app.server.inject({ method: "GET", url: `/o2adm/v1/orders/${code}`, headers: finance })).json();
  const balanceOf = async (id: string) =>
    (await app.services.credit.balance(app.database.db, id)).balanceMinor;

  /** A paid order whose full card refund the provider refused at every attempt. */
  async function failedFullRefund() {
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    const row = await orderRow(app, code);
    const paidStatus = row.status;
    await sandbox().failNextRefunds(row.providerPaymentId!, 99);
    const made = await post(`/orders/${code}/refunds`, finance, {
      amount: row.total,
      destination: "CARD",
      reason: "Trip cancelled",
      idempotencyKey: randomUUID(),
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await orderRow(app, code)).status).toBe("REFUNDING");
    for (let hours = 1; hours <= 16; hours *= 2)
      await app.services.jobs.drain(new Date(Date.now() + hours * 60 * 60_000 * 24));
    return { who, code, row, paidStatus, refundId: made.json().refund.id as string };
  }

  it("goes back to its paid status with a 'card refund failed' step, all of it refundable again", async () => {
    const { code, row, paidStatus, refundId } = await failedFullRefund();
    expect(["PAID", "FULFILLING", "COMPLETED"]).toContain(paidStatus);
    expect((await orderRow(app, code)).status).toBe(paidStatus);
    const history = await app.services.order.history(row.id);
    expect(history.at(-1)).toMatchObject({
      fromStatus: "REFUNDING",
      toStatus: paidStatus,
      reason: "card-refund-failed",
    });
    const view = await detail(code);
    expect(view.order.status).toBe(paidStatus);
    expect(view.refundable).toBe(row.total);
    expect(view.refunds).toEqual([expect.objectContaining({ id: refundId, status: "FAILED" })]);
    expect(view.timeline).toContainEqual(
      expect.objectContaining({
        kind: "order",
        label: `REFUNDING → ${paidStatus}`,
        detail: "card-refund-failed",
      }),
    );
  });

  it("two operators retrying at once send one refund, and the order ends REFUNDED", async () => {
    const { code, row, refundId } = await failedFullRefund();
    await sandbox().failNextRefunds(row.providerPaymentId!, 0);
    const answers = await Promise.all([
      post(`/refunds/${refundId}/retry`, finance),
      post(`/refunds/${refundId}/retry`, owner),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await app.services.jobs.drain(new Date(Date.now() + 3 * 60 * 60_000));
    expect(await sandbox().refundsOf(row.providerPaymentId!)).toEqual({
      refundedAmount: row.total,
      keys: [`console-refund-${refundId}`],
    });
    const refunds = await app.services.refund.ofOrder(row.id);
    expect(refunds).toEqual([expect.objectContaining({ id: refundId, status: "SUCCEEDED" })]);
    await settle(app);
    // The provider's refund.succeeded finishes it, as for any full refund.
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    // Given as credit too? Never: the refund went to the card.
    expect((await post(`/refunds/${refundId}/to-credit`, finance)).statusCode).toBe(409);
  });

  it("two operators giving it as store credit at once give it once; the card is never tried again", async () => {
    const { who, code, row, refundId } = await failedFullRefund();
    const before = await balanceOf(who.id);
    const answers = await Promise.all([
      post(`/refunds/${refundId}/to-credit`, finance),
      post(`/refunds/${refundId}/to-credit`, owner),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const [a, b] = answers.map((r) => r.json().refund);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ destination: "CREDIT", status: "SUCCEEDED", amount: row.total });
    expect(a.creditMinor).toBeGreaterThan(0);
    await settle(app);
    expect(await balanceOf(who.id)).toBe(before + a.creditMinor);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    const refunds = await app.services.refund.ofOrder(row.id);
    expect(refunds.map((r) => [r.destination, r.status])).toEqual([
      ["CARD", "REPLACED"],
      ["CREDIT", "SUCCEEDED"],
    ]);
    // The failed card refund cannot be sent as well, and nothing is left to refund.
    await sandbox().failNextRefunds(row.providerPaymentId!, 0);
    const retried = await post(`/refunds/${refundId}/retry`, finance);
    expect(retried.statusCode).toBe(409);
    expect(retried.json().code).toBe("adminApi.refundReplaced");
    expect((await sandbox().refundsOf(row.providerPaymentId!)).refundedAmount).toBe(0);
    const view = await detail(code);
    expect(view.refunded).toBe(row.total);
    expect(view.refundable).toBe(0);
    // The dashboard's alert is answered.
    const dashboard = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/dashboard",
      headers: finance,
    });
    expect(dashboard.json().alerts).not.toContainEqual(expect.objectContaining({ refundId }));
    expect((await auditOf(app, "order", code)).map((e) => e.action)).toEqual([
      "order.refund",
      "order.refund.to_credit",
    ]);
  });

  it("a retry and store credit asked at once: exactly one of them happens", async () => {
    const { who, code, row, refundId } = await failedFullRefund();
    await sandbox().failNextRefunds(row.providerPaymentId!, 0);
    const before = await balanceOf(who.id);
    const [retry, toCredit] = await Promise.all([
      post(`/refunds/${refundId}/retry`, finance),
      post(`/refunds/${refundId}/to-credit`, owner),
    ]);
    await app.services.jobs.drain(new Date(Date.now() + 3 * 60 * 60_000));
    await settle(app);
    const card = (await sandbox().refundsOf(row.providerPaymentId!)).refundedAmount;
    const credited = (await balanceOf(who.id)) - before;
    if (toCredit.statusCode === 200) {
      expect(retry.statusCode).toBe(409);
      expect(card).toBe(0);
      expect(credited).toBeGreaterThan(0);
    } else {
      expect(retry.statusCode).toBe(200);
      expect(toCredit.statusCode).toBe(409);
      expect(card).toBe(row.total);
      expect(credited).toBe(0);
    }
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
  });
});
