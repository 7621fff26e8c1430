import { describe, expect, it } from "vitest";
import { refundCancelSchema, refundRequestSchema } from "../../../core/forms/refund.ts";
import { setupTestApp } from "../../../test/api.ts";
import { orderRow, placeAndPay, pricePlan, settle, shopper } from "../checkout/purchase-test-kit.ts";

// Issue 29 (ADR 0352): the order page's refund forms and the API check one schema, so the field a shopper sees
// flagged in the browser is the field the API names, with the same message.

const app = setupTestApp();

function fieldsOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

describe("the shopper's refund forms (issue 29)", () => {
  it("a request without a destination and with a short reason fails on the same fields in browser and API", async () => {
    await pricePlan(app);
    const who = await shopper(app);
    const code = await placeAndPay(app, who);
    await settle(app);
    expect((await orderRow(app, code)).status).toBe("COMPLETED");

    const body = { reason: "broken" };
    const browser = fieldsOf(refundRequestSchema.safeParse(body));
    expect(browser).toEqual({ destination: "validation.required", reason: "validation.tooShort" });
    const answer = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/refund-requests`,
      headers: { ...who.headers, "x-lang": "zh_HK" },
      payload: body,
    });
    expect(answer.statusCode).toBe(400);
    const failure = answer.json();
    expect(failure.failed).toBe(true);
    // The same message keys, which the page translates beside each field.
    expect(failure.fields).toEqual(browser);

    const cancel = await app.server.inject({
      method: "POST",
      url: `/o2ord/v1/customer/orders/${code}/cancel-esim`,
      headers: { ...who.headers, "x-lang": "en_US" },
      payload: { destination: "CASH" },
    });
    expect(cancel.statusCode).toBe(400);
    expect(cancel.json().fields).toEqual(fieldsOf(refundCancelSchema.safeParse({ destination: "CASH" })));
    // Nothing was refunded by the refused requests: the order can still be cancelled by its shopper.
    const options = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${code}/refund-options`,
      headers: who.headers,
    });
    expect(options.json().cancel.allowed).toBe(true);
    expect(options.json().requests).toEqual([]);
  });
});
