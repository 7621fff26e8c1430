import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { esimSupplierOrders } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import {
  issuedTo,
  orderRow,
  placeAndPay,
  pricePlan,
  settle,
  shopper,
} from "../checkout/purchase-test-kit.ts";
import { auditOf, createOperator, operatorHeaders } from "./admin-test-kit.ts";

/** Bulk actions on the console's orders list (issue 29 item 3, ADR 0383). */
describe("console bulk actions on orders (issue 29)", () => {
  const app = setupTestApp();
  let headers: Record<string, string>;

  beforeAll(async () => {
    await pricePlan(app);
    headers = await operatorHeaders(app, await createOperator(app, "support"));
  });

  const bulk = (payload: Record<string, unknown>, as = headers) =>
    app.server.inject({ method: "POST", url: "/o2adm/v1/orders/bulk", headers: as, payload });

  /** The delivery e-mails the shopper holds for the eSIM (the first delivery and every resend). */
  async function deliveries(email: string, iccid: string) {
    return (await app.services.outbox.recent(email, 20)).filter((m) => m.body.includes(iccid)).length;
  }

  it("resends the eSIM e-mail of each chosen order once, even when the same batch is submitted twice at once", async () => {
    const first = await shopper(app);
    const second = await shopper(app);
    const codes = [await placeAndPay(app, first), await placeAndPay(app, second)];
    await settle(app);
    const [esimA] = await issuedTo(app, first);
    const [esimB] = await issuedTo(app, second);
    expect(await deliveries(first.email, esimA!.iccid)).toBe(1);
    // An order that does not exist is skipped with its reason; the others still go.
    const payload = { action: "resend-email", batchKey: randomUUID(), codes: [...codes, "NO-SUCH-ORDER"] };

    const racing = await Promise.all([bulk(payload), bulk(payload)]);
    for (const res of racing) expect(res.statusCode, res.body).toBe(200);
    const results = racing.map((res) => res.json());
    expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(2);
    for (const code of codes) {
      const outcomes = results.map((r) => r.orders.find((o: { code: string }) => o.code === code));
      expect(outcomes.filter((o) => o.outcome === "done")).toHaveLength(1);
      expect(outcomes.filter((o) => o.reason === "alreadyDone")).toHaveLength(1);
    }
    for (const r of results)
      expect(r.orders.find((o: { code: string }) => o.code === "NO-SUCH-ORDER")).toEqual({
        code: "NO-SUCH-ORDER",
        outcome: "skipped",
        reason: "notFound",
      });

    // One more e-mail per order, one audit entry per order.
    expect(await deliveries(first.email, esimA!.iccid)).toBe(2);
    expect(await deliveries(second.email, esimB!.iccid)).toBe(2);
    for (const code of codes)
      expect((await auditOf(app, "order", code)).map((e) => e.action)).toEqual(["order.resend_email"]);

    // The same batch later still does nothing again; a new batch resends.
    const again = (await bulk(payload)).json();
    expect([again.done, again.skipped]).toEqual([0, 3]);
    expect(await deliveries(first.email, esimA!.iccid)).toBe(2);
    const fresh = (await bulk({ ...payload, batchKey: randomUUID(), codes: [codes[0]] })).json();
    expect(fresh.done).toBe(1);
    expect(await deliveries(first.email, esimA!.iccid)).toBe(3);
  });

  it("retries a provisioning that waits for an operator, once per batch, and skips an order that does not", async () => {
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    const delivered = await placeAndPay(app, await shopper(app));
    const order = await orderRow(app, code);
    // What the provisioning job leaves when a supplier may hold the unit's order (ADR 0309): REVIEW, no refund.
    await app.database.db
      .insert(esimSupplierOrders)
      .values({ orderId: order.id, unitIndex: 0, supplier: "sandbox", status: "REVIEW", failure: "TIMEOUT" });
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("FULFILLING");
    expect(await issuedTo(app, who)).toHaveLength(0);

    const payload = { action: "retry-provisioning", batchKey: randomUUID(), codes: [code, delivered] };
    const racing = await Promise.all([bulk(payload), bulk(payload)]);
    const results = racing.map((res) => res.json());
    expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(1);
    expect(results.map((r) => r.orders.find((o: { code: string }) => o.code === code).reason).sort()).toEqual(
      ["alreadyDone", null],
    );
    for (const r of results)
      expect(r.orders.find((o: { code: string }) => o.code === delivered).reason).toBe("notInReview");
    await settle(app);

    // The shopper now holds the eSIM; one audit entry.
    const [esim] = await issuedTo(app, who);
    expect(esim?.iccid).toBeTruthy();
    expect((await orderRow(app, code)).status).not.toBe("FULFILLING");
    expect((await auditOf(app, "order", code)).map((e) => e.action)).toEqual(["order.retry_provisioning"]);
    // Nothing waits any more: a new batch skips it.
    const later = (await bulk({ ...payload, batchKey: randomUUID(), codes: [code] })).json();
    expect(later.orders).toEqual([{ code, outcome: "skipped", reason: "notInReview" }]);
  });

  it("refuses an operator without the orders.write permission, and more than 100 orders", async () => {
    const finance = await operatorHeaders(app, await createOperator(app, "finance"));
    const payload = { action: "resend-email", batchKey: randomUUID(), codes: ["ANY-CODE"] };
    const refused = await bulk(payload, finance);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ failed: true });

    const codes = Array.from({ length: 101 }, (_, i) => `CODE-${i}`);
    const tooMany = await bulk({ ...payload, codes }, { ...headers, "x-lang": "zh_CN" });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ failed: true });
    expect(tooMany.json().fields).toEqual({ codes: "consoleBulk.tooMany" });
    expect((await bulk({ ...payload, codes: codes.slice(0, 100) })).statusCode).toBe(200);
  });
});
