import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { place, pricePlan, shopper } from "./purchase-test-kit.ts";

const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

describe("the order's contact details", () => {
  it("keeps the delivery e-mail and an optional phone with its area code", async () => {
    const who = await shopper(app);
    const res = await place(app, who, { contactEmail: "trip@example.com", contactPhone: "+852 91234567" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ contactEmail: "trip@example.com", contactPhone: "+852 91234567" });
    const detail = await app.server.inject({
      method: "GET",
      url: `/o2ord/v1/customer/orders/${res.json().code}`,
      headers: who.headers,
    });
    expect(detail.json().contactPhone).toBe("+852 91234567");
  });

  it("without a phone the order has none, and the e-mail defaults to the account's", async () => {
    const who = await shopper(app);
    const res = await place(app, who, {});
    expect(res.json()).toMatchObject({ contactEmail: who.email, contactPhone: null });
  });

  it("the phone is part of the request an idempotency key stands for", async () => {
    const who = await shopper(app);
    const key = "contact-key-0001";
    expect((await place(app, who, { contactPhone: "+86 13800138000" }, { key })).statusCode).toBe(201);
    expect((await place(app, who, { contactPhone: "+86 13800138000" }, { key })).statusCode).toBe(200);
    const other = await place(app, who, { contactPhone: "+86 13900139000" }, { key });
    expect(other.statusCode).toBe(409);
  });

  it("refuses a malformed phone", async () => {
    const who = await shopper(app);
    for (const contactPhone of [
      "91234567",
      "+852 12",
      "+852 9123 4567",
      "+12345 91234567",
      "+852 9123456789012345",
    ]) {
      const res = await place(app, who, { contactPhone });
      expect(res.statusCode, contactPhone).toBe(400);
      expect(res.json().fields).toHaveProperty("contactPhone");
    }
  });
});
