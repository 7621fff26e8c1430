import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponUsage, creditEntries, customerCoupons, esims, jobs } from "../../db/schema/index.ts";
import { setupTestApp } from "../../test/api.ts";
import { auditOf, createOperator, operatorHeaders } from "../modules/admin/admin-test-kit.ts";
import {
  addCoupon,
  getAs,
  hold,
  issuedTo,
  orderRow,
  placeAndPay,
  pricePlan,
  type Shopper,
  settle,
  shopper,
} from "../modules/checkout/purchase-test-kit.ts";
import { makePng } from "../modules/uploads/test-files.ts";

// Issue 29 items 1 and 2 (ADRs 0336-0338) on the sandbox supplier: racing refunds move money once, a shopper
// cancels an unused eSIM for a full refund to the card or as credit, and a shopper's refund request with a reason
// and a screenshot is approved or declined from the console's queue.

const dataDir = mkdtempSync(join(tmpdir(), "roamly-refund-"));
const app = setupTestApp({ DATA_DIR: dataDir });
afterAll(() => rm(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  await pricePlan(app);
});

async function delivered() {
  const who = await shopper(app);
  const code = await placeAndPay(app, who);
  await settle(app);
  const row = await orderRow(app, code);
  expect(row.status).toBe("COMPLETED");
  const [esim] = await issuedTo(app, who);
  return { who, code, row, esim: esim! };
}

function postAs(who: Shopper, url: string, payload: Record<string, unknown>, lang = "en_US") {
  return app.server.inject({ method: "POST", url, headers: { ...who.headers, "x-lang": lang }, payload });
}

async function refundCredit(customerId: string) {
  const rows = await app.database.db
    .select()
    .from(creditEntries)
    .where(and(eq(creditEntries.customerId, customerId), eq(creditEntries.kind, "REFUNDED")));
  return rows.reduce((sum, r) => sum + r.amountMinor, 0);
}

async function cancelJobs(orderId: string) {
  return app.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = 'esim-cancel-refunded' and ${jobs.payload}->>'orderId' = ${orderId}`);
}

describe("one refund flow (issue 29)", () => {
  it("5 racing full refunds move the money once, withdraw the eSIM once, and write one audit entry", async () => {
    const { who, code, row, esim } = await delivered();
    const operators = await Promise.all(
      (["finance", "owner", "finance", "owner", "finance"] as const).map(async (role) =>
        operatorHeaders(app, await createOperator(app, role)),
      ),
    );
    const results = await Promise.all(
      operators.map((headers, i) =>
        app.server.inject({
          method: "POST",
          url: `/o2adm/v1/orders/${code}/refunds`,
          headers,
          payload: {
            amount: row.total,
            destination: i % 2 === 0 ? "CREDIT" : "CARD",
            reason: "Customer asked",
            idempotencyKey: randomUUID(),
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    await settle(app);
    const refunds = await app.services.refund.ofOrder(row.id);
    expect(refunds).toHaveLength(1);
    const winner = refunds[0]!;
    expect(winner.status).toBe("SUCCEEDED");
    expect(await refundCredit(who.id)).toBe(winner.destination === "CREDIT" ? row.total : 0);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    expect(await cancelJobs(row.id)).toHaveLength(1);
    const [after] = await app.database.db.select().from(esims).where(eq(esims.id, esim.id));
    expect(after!.state).toBe("CANCELLED");
    expect((await auditOf(app, "order", code)).filter((e) => e.action === "order.refund")).toHaveLength(1);
  });

  it("a shopper cancels an unused eSIM as store credit, at once; a second click answers the same refund", async () => {
    const { who, code, row, esim } = await delivered();
    const options = await getAs(app, who, `/o2ord/v1/customer/orders/${code}/refund-options`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      cancel: { allowed: true },
      request: { allowed: true },
      destinations: ["CARD", "CREDIT"],
      cardRefundDays: 10,
      left: row.total,
    });
    const [first, second] = await Promise.all([
      postAs(who, `/o2ord/v1/customer/orders/${code}/cancel-esim`, { destination: "CREDIT" }),
      postAs(who, `/o2ord/v1/customer/orders/${code}/cancel-esim`, { destination: "CREDIT" }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().refund.id).toBe(first.json().refund.id);
    expect(first.json().refund).toMatchObject({
      destination: "CREDIT",
      status: "SUCCEEDED",
      starter: "SHOPPER",
    });
    // Store credit is instant: the balance has it before any job runs.
    expect((await app.services.credit.balance(app.database.db, who.id)).balanceMinor).toBe(row.total);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    const detail = await getAs(app, who, `/o2esim/v1/customer/esims/${esim.id}`);
    expect(detail.json()).toMatchObject({ state: "CANCELLED", lpa: "" });
    const again = await getAs(app, who, `/o2ord/v1/customer/orders/${code}/refund-options`);
    expect(again.json()).toMatchObject({ cancel: { allowed: false, block: "nothingLeft" } });
  });

  it("a shopper cancels to the card; someone else's order is not found; a used eSIM cannot be cancelled", async () => {
    const { who, code, row } = await delivered();
    const stranger = await shopper(app);
    const other = await postAs(stranger, `/o2ord/v1/customer/orders/${code}/cancel-esim`, {
      destination: "CARD",
    });
    expect(other.statusCode).toBe(404);
    const done = await postAs(who, `/o2ord/v1/customer/orders/${code}/cancel-esim`, { destination: "CARD" });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refund).toMatchObject({ destination: "CARD", amount: row.total });
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("REFUNDED");
    expect(await refundCredit(who.id)).toBe(0);

    const used = await delivered();
    await app.database.db
      .update(esims)
      .set({ installedAt: new Date(), state: "INSTALLED" })
      .where(eq(esims.id, used.esim.id));
    const refused = await postAs(
      used.who,
      `/o2ord/v1/customer/orders/${used.code}/cancel-esim`,
      { destination: "CREDIT" },
      "zh_CN",
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "refund.block.installed",
      message: "该 eSIM 已安装或已使用，无法再取消。",
    });
  });

  it("a refunded order's wallet coupon and its use come back once", async () => {
    await addCoupon(app, { code: "REFUNDBACK", resultReduction: 500 });
    const who = await shopper(app);
    await hold(app, who, "REFUNDBACK");
    const code = await placeAndPay(app, who, { couponCode: "REFUNDBACK" });
    await settle(app);
    const wallet = () =>
      app.database.db.select().from(customerCoupons).where(eq(customerCoupons.customerId, who.id));
    const uses = async () =>
      (await app.database.db.select().from(couponUsage).where(eq(couponUsage.couponCode, "REFUNDBACK")))[0]
        ?.usedCount;
    expect((await wallet())[0]!.status).toBe("USED");
    expect(await uses()).toBe(1);
    const done = await Promise.all([
      postAs(who, `/o2ord/v1/customer/orders/${code}/cancel-esim`, { destination: "CREDIT" }),
      postAs(who, `/o2ord/v1/customer/orders/${code}/cancel-esim`, { destination: "CREDIT" }),
    ]);
    expect(done.map((d) => d.statusCode)).toEqual([200, 200]);
    expect((await wallet())[0]!.status).toBe("AVAILABLE");
    expect(await uses()).toBe(0);
  });

  it("a shopper asks for a refund with a reason and a screenshot; an operator approves it from the queue", async () => {
    const { who, code, row, esim } = await delivered();
    const boundary = `----roamly${randomUUID()}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="screen.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      makePng(40, 30),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/files?purpose=support",
      headers: { ...who.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const asked = await postAs(who, `/o2ord/v1/customer/orders/${code}/refund-requests`, {
      destination: "CREDIT",
      reason: "The eSIM shows no signal anywhere in Osaka.",
      screenshot: uploaded.json().mediaUrl,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const twice = await postAs(who, `/o2ord/v1/customer/orders/${code}/refund-requests`, {
      destination: "CREDIT",
      reason: "The eSIM shows no signal anywhere in Osaka.",
    });
    expect(twice.statusCode).toBe(409);

    const finance = await operatorHeaders(app, await createOperator(app, "finance"));
    const queue = await app.server.inject({
      method: "GET",
      url: "/o2adm/v1/refund-requests",
      headers: finance,
    });
    const entry = queue.json().requests.find((r: { id: string }) => r.id === asked.json().id);
    expect(entry).toMatchObject({
      hasScreenshot: true,
      order: { code },
      left: row.total,
      esims: [expect.objectContaining({ iccid: esim.iccid, installed: false })],
    });
    const approvals = await Promise.all(
      [0, 1].map(() =>
        app.server.inject({
          method: "POST",
          url: `/o2adm/v1/refund-requests/${entry.id}/approve`,
          headers: finance,
        }),
      ),
    );
    expect(approvals.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(approvals[0]!.json().refund.id).toBe(approvals[1]!.json().refund.id);
    expect((await app.services.credit.balance(app.database.db, who.id)).balanceMinor).toBe(row.total);
    const options = await getAs(app, who, `/o2ord/v1/customer/orders/${code}/refund-options`);
    expect(options.json().requests[0]).toMatchObject({ status: "APPROVED" });
  });

  it("an operator declines a request with a reason the shopper sees; audited", async () => {
    const { who, code } = await delivered();
    const asked = await postAs(who, `/o2ord/v1/customer/orders/${code}/refund-requests`, {
      destination: "CARD",
      reason: "I bought the wrong country by mistake.",
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const support = await operatorHeaders(app, await createOperator(app, "support"));
    const declined = await app.server.inject({
      method: "POST",
      url: `/o2adm/v1/refund-requests/${asked.json().id}/decline`,
      headers: support,
      payload: { reason: "The eSIM was used in Japan for 5 days." },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const options = await getAs(app, who, `/o2ord/v1/customer/orders/${code}/refund-options`);
    expect(options.json().requests[0]).toMatchObject({
      status: "DECLINED",
      decisionReason: "The eSIM was used in Japan for 5 days.",
    });
    expect((await orderRow(app, code)).status).toBe("COMPLETED");
    expect((await auditOf(app, "order", code)).map((e) => e.action)).toContain(
      "order.refund.request.decline",
    );
  });
});
