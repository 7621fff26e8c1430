import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  orderRow,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { REFUND_CARD_RETRY_JOB } from "../refund/service.ts";
import { auditOf, createOperator, operatorHeaders } from "./admin-test-kit.ts";

/**
 * Card refunds the payment provider refuses (ADR 0236): retried by a job with backoff under the same provider
 * key, failed after the last attempt with a dashboard alert, and one refund when the job and an operator's
 * "retry now" run at once. Store credit comes back with partial refunds, card first then credit (ADR 0237).
 */
describe("console refunds: retries and store credit (issue 16)", () => {
  const app = setupTestApp();
  const sandbox = () => app.services.sandboxPayments!;
  let headers: Record<string, string>;

  beforeAll(async () => {
    await pricePlan(app);
    headers = await operatorHeaders(app, await createOperator(app, "finance"));
  });

  async function paidOrder(who?: Shopper, body: Record<string, unknown> = {}) {
    const buyer = who ?? (await shopper(app));
    const code = await placeAndPay(app, buyer, body);
    await settle(app);
    return { who: buyer, code, row: await orderRow(app, code) };
  }

  function refund(code: string, body: Record<string, unknown>) {
    return app.server.inject({
      method: "POST",
      url: `/o2adm/v1/orders/${code}/refunds`,
      headers,
      payload: { reason: "Customer asked", idempotencyKey: randomUUID(), ...body },
    });
  }

  function retryNow(id: string) {
    return app.server.inject({ method: "POST", url: `/o2adm/v1/refunds/${id}/retry`, headers });
  }

  /** Runs the retry job as the clock moves on past each backoff. */
  async function runRetries(minutesAhead: number) {
    return app.services.jobs.drain(new Date(Date.now() + minutesAhead * 60_000));
  }

  const retryJobsOf = async (refundId: string) =>
    (await app.services.jobs.list([REFUND_CARD_RETRY_JOB])).filter(
      (job) => (job.payload as { refundId?: string }).refundId === refundId,
    );

  it("retries a refused card refund with backoff and the same provider key, then succeeds once", async () => {
    const { code, row } = await paidOrder();
    await sandbox().failNextRefunds(row.providerPaymentId!, 2);
    const first = await refund(code, { amount: 1000, destination: "CARD" });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().refund.id as string;
    expect(first.json().refund).toMatchObject({
      status: "PENDING",
      failureCode: "provider-refused",
      attempts: 1,
    });
    // Nothing is due before the first backoff (one minute).
    await app.services.jobs.drain(new Date(Date.now() + 30_000));
    expect((await app.services.refund.ofOrder(row.id))[0]).toMatchObject({ status: "PENDING", attempts: 1 });
    await runRetries(3); // second attempt: refused again, the job backs off
    expect((await app.services.refund.ofOrder(row.id))[0]).toMatchObject({ status: "PENDING", attempts: 2 });
    await runRetries(60); // third attempt: taken
    expect((await app.services.refund.ofOrder(row.id))[0]).toMatchObject({
      status: "SUCCEEDED",
      attempts: 3,
    });
    expect(await sandbox().refundsOf(row.providerPaymentId!)).toEqual({
      refundedAmount: 1000,
      keys: [`console-refund-${id}`],
    });
    expect((await retryJobsOf(id)).map((job) => job.status)).toEqual(["DONE"]);
  });

  it("after the last attempt shows the refund as failed, with an alert on the dashboard; retry now sends it", async () => {
    const { code, row } = await paidOrder();
    await sandbox().failNextRefunds(row.providerPaymentId!, 99);
    const first = await refund(code, { amount: 700, destination: "CARD" });
    const id = first.json().refund.id as string;
    for (let hours = 1; hours <= 16; hours *= 2) await runRetries(hours * 60 * 24);
    const [failed] = await app.services.refund.ofOrder(row.id);
    expect(failed).toMatchObject({ status: "FAILED", failureCode: "provider-refused-final" });
    expect((await retryJobsOf(id)).map((job) => job.status)).toEqual(["DONE"]);
    expect(await sandbox().refundsOf(row.providerPaymentId!)).toMatchObject({ refundedAmount: 0 });

    const dashboard = await app.server.inject({ method: "GET", url: "/o2adm/v1/dashboard", headers });
    expect(dashboard.json().alerts).toContainEqual({ kind: "refund.failed", orderCode: code, refundId: id });
    // A failed refund no longer counts: the order shows it all refundable again.
    const detail = await app.server.inject({ method: "GET", url: `/o2adm/v1/orders/${code}`, headers });
    expect(detail.json().refundable).toBe(row.total);

    await sandbox().failNextRefunds(row.providerPaymentId!, 0);
    const retried = await retryNow(id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund).toMatchObject({ status: "SUCCEEDED" });
    const after = await app.server.inject({ method: "GET", url: "/o2adm/v1/dashboard", headers });
    expect(after.json().alerts).not.toContainEqual(expect.objectContaining({ refundId: id }));
    expect((await auditOf(app, "order", code)).map((e) => e.action)).toEqual([
      "order.refund",
      "order.refund.retry",
    ]);
  });

  it("gives one refund when the retry job and an operator's retry run at once", async () => {
    const { code, row } = await paidOrder();
    await sandbox().failNextRefunds(row.providerPaymentId!, 1);
    const first = await refund(code, { amount: 1200, destination: "CARD" });
    const id = first.json().refund.id as string;
    const results = await Promise.all([runRetries(5), retryNow(id), retryNow(id)]);
    for (const answer of results.slice(1) as { statusCode: number }[]) expect(answer.statusCode).toBe(200);
    await runRetries(120);
    const refunds = await app.services.refund.ofOrder(row.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: "SUCCEEDED" });
    expect(await sandbox().refundsOf(row.providerPaymentId!)).toEqual({
      refundedAmount: 1200,
      keys: [`console-refund-${id}`],
    });
  });

  it("the provider's idempotency key: the same refund sent twice is taken once", async () => {
    const { row } = await paidOrder();
    const key = `console-refund-${randomUUID()}`;
    const provider = sandbox().provider;
    const [a, b] = await Promise.all([
      provider.refund(row.providerPaymentId!, 500, key),
      provider.refund(row.providerPaymentId!, 500, key),
    ]);
    expect(a.refundId).toBe(b.refundId);
    expect((await sandbox().refundsOf(row.providerPaymentId!)).refundedAmount).toBe(500);
  });
});

describe("partial refunds of an order paid partly with store credit (ADR 0237)", () => {
  const app = setupTestApp();
  let headers: Record<string, string>;
  const PRICE = 5990;
  const CREDIT = 2000;

  beforeAll(async () => {
    await pricePlan(app);
    headers = await operatorHeaders(app, await createOperator(app, "owner"));
  });

  async function creditOrder() {
    const who = await shopper(app);
    await app.database.db.transaction((tx) =>
      app.services.credit.grant(tx as unknown as Database, {
        customerId: who.id,
        amountMinor: CREDIT,
        kind: "EARNED",
        reason: "operator.goodwill",
        source: "operator:test",
        idempotencyKey: `test:${who.id}:seed`,
      }),
    );
    const code = await placeAndPay(app, who, { creditMinor: CREDIT });
    await settle(app);
    const row = await orderRow(app, code);
    expect(row).toMatchObject({ total: PRICE - CREDIT, creditAmount: CREDIT, status: "COMPLETED" });
    return { who, code, row };
  }

  const balanceOf = async (id: string) =>
    (await app.services.credit.balance(app.database.db, id)).balanceMinor;

  function refund(code: string, body: Record<string, unknown>) {
    return app.server.inject({
      method: "POST",
      url: `/o2adm/v1/orders/${code}/refunds`,
      headers,
      payload: { reason: "Customer asked", idempotencyKey: randomUUID(), ...body },
    });
  }

  it("refunds the card part first, then the credit part, never more than was paid in each", async () => {
    const { who, code, row } = await creditOrder();
    const payment = row.providerPaymentId!;
    // 3000 of the 3990 card part to the card: nothing comes from the credit yet.
    const first = await refund(code, { amount: 3000, destination: "CARD" });
    expect(first.json().refund).toMatchObject({ cardPart: 3000, creditPart: 0, status: "SUCCEEDED" });
    expect(await balanceOf(who.id)).toBe(0);
    // 1990 more: 990 left of the card, then 1000 of the credit goes back to the ledger.
    const second = await refund(code, { amount: 1990, destination: "CARD" });
    expect(second.json().refund).toMatchObject({ cardPart: 990, creditPart: 1000 });
    expect(await balanceOf(who.id)).toBe(1000);
    expect((await app.services.sandboxPayments!.refundsOf(payment)).refundedAmount).toBe(PRICE - CREDIT);
    // What is left is credit only: 1000; one cent more is refused.
    const over = await refund(code, { amount: 1001, destination: "CARD" });
    expect(over.statusCode).toBe(422);
    const last = await refund(code, { amount: 1000, destination: "CARD" });
    expect(last.json().refund).toMatchObject({ cardPart: 0, creditPart: 1000, status: "SUCCEEDED" });
    await settle(app);
    // All of it back: the card its 3990, the ledger its 2000 (not a cent more when the order turns REFUNDED).
    expect(await balanceOf(who.id)).toBe(CREDIT);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    expect((await app.services.sandboxPayments!.refundsOf(payment)).refundedAmount).toBe(PRICE - CREDIT);
  });

  it("a refund to credit of the whole order gives the card part as credit and the credit part back", async () => {
    const { who, code } = await creditOrder();
    const all = await refund(code, { amount: PRICE, destination: "CREDIT" });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().refund).toMatchObject({ cardPart: PRICE - CREDIT, creditPart: CREDIT });
    await settle(app);
    expect(await balanceOf(who.id)).toBe(PRICE);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
  });

  it("racing refunds of the credit part give it back once", async () => {
    const { who, code } = await creditOrder();
    expect((await refund(code, { amount: PRICE - CREDIT, destination: "CARD" })).statusCode).toBe(200);
    const results = await Promise.all([
      refund(code, { amount: CREDIT, destination: "CARD" }),
      refund(code, { amount: CREDIT, destination: "CREDIT" }),
      refund(code, { amount: 1500, destination: "CARD" }),
    ]);
    const ok = results.filter((r) => r.statusCode === 200);
    const given = ok.reduce((sum, r) => sum + (r.json().refund.creditPart as number), 0);
    expect(given).toBeLessThanOrEqual(CREDIT);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    await settle(app);
    expect(await balanceOf(who.id)).toBe(given);
    expect(await balanceOf(who.id)).toBeLessThanOrEqual(CREDIT);
  });
});
