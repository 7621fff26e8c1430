import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { getAs, orderRow, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";
import { auditOf, createOperator, operatorHeaders } from "./admin-test-kit.ts";

/**
 * Refunds from the console (issue 16, ADR 0225): in part to the card and the rest to store credit, never more
 * than was paid, idempotent, one refund when two operators race, support's limit, audited, and shown on the
 * shopper's order.
 */
describe("console refunds (issue 16)", () => {
  const app = setupTestApp({ ADMIN_SUPPORT_REFUND_LIMIT: "HKD=1000" });

  beforeAll(async () => {
    await pricePlan(app);
  });

  async function paidOrder() {
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    return { who, code, row: await orderRow(app, code) };
  }

  async function refund(headers: Record<string, string>, code: string, body: Record<string, unknown>) {
    return app.server.inject({
      method: "POST",
      url: `/o2adm/v1/orders/${code}/refunds`,
      headers,
      payload: { reason: "Customer asked", idempotencyKey: randomUUID(), ...body },
    });
  }

  it("refunds half to the card and the rest to credit; the shopper's order shows both; audited", async () => {
    const finance = await createOperator(app, "finance");
    const headers = await operatorHeaders(app, finance);
    const { who, code, row } = await paidOrder();
    expect(row.status).toBe("COMPLETED");
    const half = Math.floor(row.total / 2);

    const toCard = await refund(headers, code, { amount: half, destination: "CARD" });
    expect(toCard.statusCode, toCard.body).toBe(200);
    expect(toCard.json().refund).toMatchObject({ amount: half, destination: "CARD", status: "SUCCEEDED" });
    const toCredit = await refund(headers, code, { amount: row.total - half, destination: "CREDIT" });
    expect(toCredit.statusCode, toCredit.body).toBe(200);
    expect(toCredit.json().refund).toMatchObject({ destination: "CREDIT", status: "SUCCEEDED" });
    await settle(app);

    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    const balance = await app.services.credit.balance(app.database.db, who.id);
    expect(balance.balanceMinor).toBe(row.total - half); // HKD order: HKD cents one for one

    const detail = await getAs(app, who, `/o2ord/v1/customer/orders/${code}`);
    expect(detail.json().refunds).toEqual([
      expect.objectContaining({ amount: half, destination: "CARD", status: "SUCCEEDED" }),
      expect.objectContaining({ amount: row.total - half, destination: "CREDIT", status: "SUCCEEDED" }),
    ]);
    const entries = await auditOf(app, "order", code);
    expect(
      entries.map((e) => [e.action, e.operatorId, (e.after as { destination: string }).destination]),
    ).toEqual([
      ["order.refund", finance.id, "CARD"],
      ["order.refund", finance.id, "CREDIT"],
    ]);
  });

  it("refuses a refund above what was paid, and above what is left", async () => {
    const owner = await createOperator(app, "owner");
    const headers = await operatorHeaders(app, owner);
    const { code, row } = await paidOrder();
    const over = await refund(headers, code, { amount: row.total + 1, destination: "CARD" });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe("adminApi.refundTooLarge");
    expect((await refund(headers, code, { amount: 100, destination: "CREDIT" })).statusCode).toBe(200);
    const rest = await refund(headers, code, { amount: row.total - 99, destination: "CARD" });
    expect(rest.statusCode).toBe(422);
    expect((await auditOf(app, "order", code)).length).toBe(1);
  });

  it("gives one refund when two operators refund the same order at once", async () => {
    const a = await operatorHeaders(app, await createOperator(app, "finance"));
    const b = await operatorHeaders(app, await createOperator(app, "owner"));
    const { code, row } = await paidOrder();
    const results = await Promise.all([
      refund(a, code, { amount: row.total, destination: "CARD" }),
      refund(b, code, { amount: row.total, destination: "CREDIT" }),
      refund(a, code, { amount: row.total, destination: "CREDIT" }),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 422, 422]);
    const refunds = await app.services.refund.ofOrder(row.id);
    expect(refunds).toHaveLength(1);
    expect((await auditOf(app, "order", code)).length).toBe(1);
  });

  it("is idempotent: the same key gives the same refund once", async () => {
    const headers = await operatorHeaders(app, await createOperator(app, "finance"));
    const { code, row } = await paidOrder();
    const key = randomUUID();
    const first = await refund(headers, code, { amount: 300, destination: "CREDIT", idempotencyKey: key });
    const again = await Promise.all([
      refund(headers, code, { amount: 300, destination: "CREDIT", idempotencyKey: key }),
      refund(headers, code, { amount: 300, destination: "CREDIT", idempotencyKey: key }),
    ]);
    expect(first.statusCode).toBe(200);
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json().refund.id).toBe(first.json().refund.id);
    }
    expect(await app.services.refund.ofOrder(row.id)).toHaveLength(1);
    const other = await refund(headers, code, { amount: 301, destination: "CREDIT", idempotencyKey: key });
    expect(other.statusCode).toBe(409);
  });

  it("limits support to the configured amount; finance has no limit", async () => {
    const support = await operatorHeaders(app, await createOperator(app, "support"));
    const { code } = await paidOrder();
    const big = await refund(support, code, { amount: 1001, destination: "CARD" });
    expect(big.statusCode).toBe(403);
    expect(big.json().code).toBe("adminApi.refundOverLimit");
    expect((await refund(support, code, { amount: 1000, destination: "CARD" })).statusCode).toBe(200);
    const merch = await operatorHeaders(app, await createOperator(app, "merchandiser"));
    expect((await refund(merch, code, { amount: 10, destination: "CARD" })).statusCode).toBe(403);
  });
});
