import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customers } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { issuedTo, PRICES, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";
import { auditOf, createOperator, operatorHeaders } from "./admin-test-kit.ts";

const OTHER_PLAN = "TH-1GB-7D";

/**
 * The console's one search (issue 29 item 3): one box finds an order by part of the customer's name or
 * e-mail, the plan's name in any language, the code's last characters, an ICCID, and the filters narrow it.
 */
describe("console order search (issue 29)", () => {
  const app = setupTestApp();
  let headers: Record<string, string>;
  let japan: string;
  let thailand: string;
  let iccid: string;

  const codes = async (query: string) => {
    const res = await app.server.inject({ method: "GET", url: `/o2adm/v1/orders?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().records as { code: string }[]).map((r) => r.code);
  };
  const q = (term: string, extra = "") => codes(`q=${encodeURIComponent(term)}${extra}`);

  beforeAll(async () => {
    await pricePlan(app);
    await app.database.db.execute(sql`
      insert into plan_price (platform_product_code, currency_code, unit_price, display_price)
      values (${OTHER_PLAN}, 'HKD', ${PRICES.HKD}, null)
      on conflict (platform_product_code, currency_code) do update set unit_price = excluded.unit_price`);
    headers = await operatorHeaders(app, await createOperator(app, "support"));
    // Mia's e-mail does not say "mia": her name does.
    const mia = await shopper(app, `traveller-${randomUUID()}@example.com`);
    await app.database.db.update(customers).set({ nickName: "Mia Wong" }).where(eq(customers.id, mia.id));
    japan = await placeAndPay(app, mia);
    const other = await shopper(app, `someone-${randomUUID()}@example.com`);
    thailand = await placeAndPay(app, other, { platformProductCode: OTHER_PLAN });
    await settle(app);
    iccid = (await issuedTo(app, mia))[0]!.iccid;
  });

  it("finds the row by part of a name, the plan's name in English or Chinese, the code's tail and an ICCID", async () => {
    expect(await q("mia")).toEqual([japan]);
    expect(await q("MIA W")).toEqual([japan]);
    expect(await q("Japan")).toEqual([japan]);
    expect(await q("日本")).toEqual([japan]);
    expect(await q("Thailand")).toEqual([thailand]);
    expect(await q("泰國")).toEqual([thailand]);
    expect(await q(japan.slice(-6))).toEqual([japan]);
    expect(await q(japan.slice(-6).toLowerCase())).toEqual([japan]);
    expect(await q(iccid)).toEqual([japan]);
    expect(await q(iccid.slice(-8))).toEqual([japan]);
    expect(await q("someone-")).toEqual([thailand]);
    // LIKE's wildcards are taken literally.
    expect(await q("%")).toEqual([]);
    expect(await q("_")).toEqual([]);
    expect(await q("nobody-at-all")).toEqual([]);
  });

  it("narrows by status, payment method, supplier, currency and placing date", async () => {
    expect((await codes("status=COMPLETED")).sort()).toEqual([japan, thailand].sort());
    expect(await codes("status=CANCELLED")).toEqual([]);
    expect((await codes("payment=sandbox&currency=HKD")).sort()).toEqual([japan, thailand].sort());
    expect(await codes("payment=stripe")).toEqual([]);
    expect(await codes("currency=USD")).toEqual([]);
    expect((await codes("supplier=sandbox")).sort()).toEqual([japan, thailand].sort());
    expect(await codes("supplier=airalo")).toEqual([]);
    expect(await q("Japan", "&supplier=sandbox&payment=sandbox")).toEqual([japan]);
    expect(await codes("to=2020-01-01")).toEqual([]);
    const bad = await app.server.inject({ method: "GET", url: "/o2adm/v1/orders?payment=cash", headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ failed: true });
  });

  it("shows each e-mail's real delivery state on the timeline, not the outbox's raw status", async () => {
    const res = await app.server.inject({ method: "GET", url: `/o2adm/v1/orders/${japan}`, headers });
    const emails = (res.json().timeline as { kind: string; delivery?: { state: string } }[]).filter(
      (e) => e.kind === "email",
    );
    expect(emails.length).toBeGreaterThan(0);
    // The test server has no SMTP_URL: the outbox keeps the messages, and the timeline says so.
    for (const email of emails) expect(email.delivery).toEqual({ state: "UNSENT", attempts: 0, at: null });
    expect(JSON.stringify(emails)).not.toContain("(PENDING)");
  });

  it("exports the matching orders as CSV for finance, audited, and refuses support", async () => {
    const finance = await createOperator(app, "finance");
    const financeHeaders = await operatorHeaders(app, finance);
    const exported = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/orders/export",
      headers: financeHeaders,
      payload: { q: "日本", status: "COMPLETED" },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const { csv, rows, matched, fileName } = exported.json();
    expect([rows, matched]).toEqual([1, 1]);
    expect(fileName).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toMatch(/^code,status,created_at,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(japan);
    expect(lines[1]).not.toContain(thailand);
    const audit = await auditOf(app, "order", "export");
    expect(audit.map((e) => [e.action, e.operatorId, e.after])).toEqual([
      ["order.export", finance.id, { filters: { q: "日本", status: "COMPLETED" }, rows: 1, matched: 1 }],
    ]);
    const refused = await app.server.inject({
      method: "POST",
      url: "/o2adm/v1/orders/export",
      headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });
});
