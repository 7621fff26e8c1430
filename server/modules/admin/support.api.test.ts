import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { issuedTo, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";
import { auditOf, createOperator, operatorHeaders } from "./admin-test-kit.ts";

/** The support side of the console (issue 16): find an order by ICCID, its timeline, resend, notes, customers. */
describe("console support API (issue 16)", () => {
  const app = setupTestApp();
  let headers: Record<string, string>;
  let operatorId: string;

  beforeAll(async () => {
    await pricePlan(app);
    const support = await createOperator(app, "support");
    operatorId = support.id;
    headers = await operatorHeaders(app, support);
  });

  const get = (url: string) => app.server.inject({ method: "GET", url, headers });
  const post = (url: string, payload: Record<string, unknown> = {}) =>
    app.server.inject({ method: "POST", url, headers, payload });

  it("finds an order by ICCID, shows its timeline, resends its e-mail and keeps a note; all audited", async () => {
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    const [esim] = await issuedTo(app, who);
    const found = await get(`/o2adm/v1/orders?iccid=${esim!.iccid}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().records.map((r: { code: string }) => r.code)).toEqual([code]);
    expect(
      (await get(`/o2adm/v1/orders?email=${encodeURIComponent(who.email.toUpperCase())}`)).json().total,
    ).toBe(1);
    expect((await get(`/o2adm/v1/orders?code=${code}`)).json().total).toBe(1);

    const resent = await post(`/o2adm/v1/orders/${code}/resend-email`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toEqual({ to: who.email, esims: 1 });
    const sent = await app.services.outbox.recent(who.email, 10);
    expect(sent.filter((m) => m.body.includes(esim!.iccid)).length).toBe(2);

    expect((await post(`/o2adm/v1/orders/${code}/notes`, { body: "Called the shopper" })).statusCode).toBe(
      200,
    );
    const detail = (await get(`/o2adm/v1/orders/${code}`)).json();
    const kinds = new Set(detail.timeline.map((e: { kind: string }) => e.kind));
    for (const kind of ["order", "payment", "supplier", "email", "note"]) expect(kinds).toContain(kind);
    expect(detail.esims.map((e: { iccid: string }) => e.iccid)).toEqual([esim!.iccid]);
    expect(detail.refundable).toBe(detail.order.total);

    expect((await auditOf(app, "order", code)).map((e) => [e.action, e.operatorId])).toEqual([
      ["order.resend_email", operatorId],
      ["order.note", operatorId],
    ]);
  });

  it("looks up an eSIM, refreshes it from the supplier, and cancels an unused one", async () => {
    const who = await shopper(app);
    await placeAndPay(app, who);
    await settle(app);
    const [esim] = await issuedTo(app, who);
    const looked = await get(`/o2adm/v1/esims/${esim!.iccid}`);
    expect(looked.statusCode).toBe(200);
    expect(looked.json()).toMatchObject({ iccid: esim!.iccid });
    expect((await post(`/o2adm/v1/esims/${esim!.iccid}/refresh`)).statusCode).toBe(200);
    const cancelled = await post(`/o2adm/v1/esims/${esim!.iccid}/cancel`, { reason: "Bought by mistake" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe("CANCELLED");
    expect((await auditOf(app, "esim", esim!.iccid)).map((e) => e.action)).toEqual(["esim.cancel"]);
    expect((await get("/o2adm/v1/esims/89000000000000000000")).statusCode).toBe(404);
    expect((await get("/o2adm/v1/esims/00000000000000000000")).statusCode).toBe(400);
  });

  it("finds a customer, adjusts their credit with a reason and sends a password reset; audited", async () => {
    const who = await shopper(app);
    const search = await get(`/o2adm/v1/customers?q=${encodeURIComponent(who.email)}`);
    expect(search.json().records.map((c: { id: string }) => c.id)).toEqual([who.id]);
    const key = randomUUID();
    const adjust = () =>
      post(`/o2adm/v1/customers/${who.id}/credit-adjustments`, {
        amountMinor: 2500,
        reason: "Goodwill for a slow eSIM",
        idempotencyKey: key,
      });
    expect((await adjust()).json().balance.balanceMinor).toBe(2500);
    expect((await adjust()).json().balance.balanceMinor).toBe(2500);
    const below = await post(`/o2adm/v1/customers/${who.id}/credit-adjustments`, {
      amountMinor: -5000,
      reason: "Too much",
      idempotencyKey: randomUUID(),
    });
    expect(below.statusCode).toBe(422);
    const reset = await post(`/o2adm/v1/customers/${who.id}/password-reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const detail = (await get(`/o2adm/v1/customers/${who.id}`)).json();
    expect(detail.credit.balanceMinor).toBe(2500);
    expect((await auditOf(app, "customer", who.id)).map((e) => e.action)).toEqual([
      "customer.credit.adjust",
      "customer.password_reset",
    ]);
  });

  it("deletes an account on request: the record stays readable, marked deleted, and takes no more credit", async () => {
    const who = await shopper(app);
    const deleted = await post(`/o2adm/v1/customers/${who.id}/deletion`, { reason: "Asked by e-mail" });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const detail = await get(`/o2adm/v1/customers/${who.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().customer).toMatchObject({ status: "DELETED", email: null });
    expect(detail.json().customer.deletedAt).toEqual(expect.any(String));
    const credit = await post(`/o2adm/v1/customers/${who.id}/credit-adjustments`, {
      amountMinor: 100,
      reason: "Too late",
      idempotencyKey: randomUUID(),
    });
    expect(credit.statusCode).toBe(404);
    // Deleting it again finds no account to delete.
    expect((await post(`/o2adm/v1/customers/${who.id}/deletion`, { reason: "Again" })).statusCode).toBe(404);
    expect((await auditOf(app, "customer", who.id)).map((e) => e.action)).toEqual(["customer.delete"]);
  });

  it("shows the dashboard's figures", async () => {
    const dashboard = await get("/o2adm/v1/dashboard");
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const body = dashboard.json();
    expect(body.today.placed).toBeGreaterThan(0);
    expect(
      body.today.revenue.find((r: { currency: string }) => r.currency === "HKD")?.amount,
    ).toBeGreaterThan(0);
    expect(body.trend).toHaveLength(14);
  });
});
