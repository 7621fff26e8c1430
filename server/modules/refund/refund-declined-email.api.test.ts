import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { messageOutbox } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { createOperator, operatorHeaders } from "../admin/admin-test-kit.ts";
import { orderRow, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";

// Issue 29 (ADR 0354): when an operator declines a shopper's refund request, the shopper is told by e-mail, in the
// order's language, with the operator's reason and a link to the order; twice declining tells once.

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

describe("the refund-declined e-mail", () => {
  it("tells the shopper once, in the order's language, with the operator's reason", async () => {
    const who = await shopper(app);
    const code = await placeAndPay(app, who, {}, { lang: "zh_CN" });
    await settle(app);
    const row = await orderRow(app, code);
    expect(row.status).toBe("COMPLETED");
    const asked = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/refund-requests`,
      headers: { ...who.headers, "x-lang": "zh_CN" },
      payload: { destination: "CREDIT", reason: "到了大阪完全没有信号，重启也没用。" },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const requestId = asked.json().id as string;

    const finance = await operatorHeaders(app, await createOperator(app, "finance"));
    const decline = () =>
      app.server.inject({
        method: "POST",
        url: `/o2adm/v1/refund-requests/${requestId}/decline`,
        headers: finance,
        payload: { reason: "The supplier shows 2.1 GB used in Osaka." },
      });
    const [first, second] = await Promise.all([decline(), decline()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);

    const mails = (
      await app.database.db.select().from(messageOutbox).where(eq(messageOutbox.to, row.contactEmail))
    ).filter((m) => m.subject.includes("退款申请未通过"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`订单 ${code} 的退款申请未通过`);
    expect(mails[0]!.body).toContain("原因：The supplier shows 2.1 GB used in Osaka.");
    expect(mails[0]!.body).toContain(`/zh_CN/my/order/${code}`);

    // The order page's panel shows it declined with the same reason.
    const options = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/refund-options`,
      headers: who.headers,
    });
    expect(options.json().requests[0]).toMatchObject({
      status: "DECLINED",
      decisionReason: "The supplier shows 2.1 GB used in Osaka.",
    });
  });
});
