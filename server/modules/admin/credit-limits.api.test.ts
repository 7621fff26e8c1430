import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { shopper } from "../checkout/purchase-test-kit.ts";
import { auditOf, createOperator, operatorHeaders } from "./admin-test-kit.ts";

/*
 * Issue 32 (ADR 0313): the support role added 3 × 10,000,000 minor units of store credit with 200s while its
 * HK$600 refund was refused. Credit adjustments now obey the role's refund limit (ADMIN_SUPPORT_REFUND_LIMIT):
 * above it they wait, unapplied, for finance or an owner to approve them, and every step is audited.
 */
describe("store-credit adjustments by role", () => {
  const app = setupTestApp({ ADMIN_SUPPORT_REFUND_LIMIT: "HKD=50000" });

  async function as(role: "support" | "owner" | "finance") {
    const operator = await createOperator(app, role);
    const headers = await operatorHeaders(app, operator);
    const post = (url: string, payload?: Record<string, unknown>) =>
      app.server.inject({
        method: "POST",
        url: `/o2adm/v1${url}`,
        headers: { ...headers, "x-lang": "en_US" },
        ...(payload ? { payload } : {}),
      });
    const get = (url: string) => app.server.inject({ method: "GET", url: `/o2adm/v1${url}`, headers });
    return { operator, post, get };
  }

  const adjustment = (amountMinor: number) => ({
    amountMinor,
    reason: "Goodwill for a slow eSIM",
    idempotencyKey: randomUUID(),
  });

  it("keeps support's adjustments above the limit pending, and applies those within it", async () => {
    const who = await shopper(app);
    const support = await as("support");
    for (let i = 0; i < 3; i += 1) {
      const big = await support.post(`/customers/${who.id}/credit-adjustments`, adjustment(10_000_000));
      expect(big.statusCode, big.body).toBe(202);
      expect(big.json()).toMatchObject({
        pending: { status: "PENDING", amountMinor: 10_000_000, currencyCode: "HKD" },
        balance: { balanceMinor: 0 },
      });
      expect(big.json().message).toContain("HKD 500.00");
    }
    // A large clawback waits too.
    expect(
      (await support.post(`/customers/${who.id}/credit-adjustments`, adjustment(-60_000))).statusCode,
    ).toBe(202);
    const within = await support.post(`/customers/${who.id}/credit-adjustments`, adjustment(50_000));
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().balance.balanceMinor).toBe(50_000);

    const detail = await support.get(`/customers/${who.id}`);
    expect(detail.json().credit.balanceMinor).toBe(50_000);
    const pending = await support.get(`/credit-adjustments/pending?customerId=${who.id}`);
    expect(pending.json().requests.map((r: { amountMinor: number }) => r.amountMinor)).toEqual([
      10_000_000, 10_000_000, 10_000_000, -60_000,
    ]);
    // Support cannot approve what is above its own limit.
    const own = await support.post(`/credit-adjustments/${pending.json().requests[0].id}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ failed: true, code: "adminApi.creditOverLimit" });

    expect((await auditOf(app, "customer", who.id)).map((e) => [e.action, e.operatorId])).toEqual([
      ["customer.credit.request", support.operator.id],
      ["customer.credit.request", support.operator.id],
      ["customer.credit.request", support.operator.id],
      ["customer.credit.request", support.operator.id],
      ["customer.credit.adjust", support.operator.id],
    ]);
  });

  it("applies a pending adjustment once when two owners approve it at the same time", async () => {
    const who = await shopper(app);
    const support = await as("support");
    const asked = adjustment(10_000_000);
    const first = await support.post(`/customers/${who.id}/credit-adjustments`, asked);
    // The same request again is the same pending adjustment.
    const again = await support.post(`/customers/${who.id}/credit-adjustments`, asked);
    expect(again.json().pending.id).toBe(first.json().pending.id);
    const id = first.json().pending.id as string;

    const [owner, other] = [await as("owner"), await as("owner")];
    const answers = await Promise.all([
      owner.post(`/credit-adjustments/${id}/approve`),
      other.post(`/credit-adjustments/${id}/approve`),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().balance.balanceMinor)).toEqual([10_000_000, 10_000_000]);
    expect(answers.filter((a) => a.json().entry !== null)).toHaveLength(1);
    expect((await owner.get(`/customers/${who.id}`)).json().credit.balanceMinor).toBe(10_000_000);
    expect((await owner.get(`/credit-adjustments/pending?customerId=${who.id}`)).json().requests).toEqual([]);

    // A decided request cannot be decided the other way.
    const reject = await owner.post(`/credit-adjustments/${id}/reject`);
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe("adminApi.adjustmentDecided");

    const actions = (await auditOf(app, "customer", who.id)).map((e) => e.action);
    expect(actions).toEqual(["customer.credit.request", "customer.credit.approve"]);
    const approval = (await auditOf(app, "customer", who.id))[1]!;
    expect(approval.after).toMatchObject({ balanceMinor: 10_000_000, status: "APPROVED", requestId: id });
  });

  it("lets finance reject a pending adjustment: nothing moves", async () => {
    const who = await shopper(app);
    const support = await as("support");
    const id = (await support.post(`/customers/${who.id}/credit-adjustments`, adjustment(600_00))).json()
      .pending.id;
    const finance = await as("finance");
    const rejected = await finance.post(`/credit-adjustments/${id}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ request: { status: "REJECTED" }, balance: { balanceMinor: 0 } });
    expect((await finance.post(`/credit-adjustments/${id}/approve`)).statusCode).toBe(409);
    expect((await finance.get(`/customers/${who.id}`)).json().credit.balanceMinor).toBe(0);
  });
});

describe("operator names (issue 32 item 9)", () => {
  const app = setupTestApp();

  it("refuses bidi controls in an operator's display name, on invite and on change", async () => {
    const owner = await createOperator(app, "owner");
    const headers = { ...(await operatorHeaders(app, owner)), "x-lang": "en_US" };
    const invite = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/operators",
      headers,
      payload: { email: `bidi-${randomUUID()}@example.com`, displayName: "Mia \u202Eevil", role: "support" },
    });
    expect(invite.statusCode, invite.body).toBe(400);
    expect(invite.json().fields).toEqual({ displayName: "validation.bidiControls" });
    const change = await app.server.inject({
      method: "PATCH",
      url: `/o2adm/v1/operators/${owner.id}`,
      headers,
      payload: { displayName: "\u2067Mia" },
    });
    expect(change.statusCode, change.body).toBe(400);
  });
});
