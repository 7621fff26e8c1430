import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { orderRow, payWithCard, place, pricePlan, settle, shopper } from "./purchase-test-kit.ts";

// The sandbox's expire tool (ADR 0114) closes an unpaid order's window through the order module and runs the
// real expire job through the runner (no raw SQL on another module's table, issue 33): the order is CANCELLED,
// and a paid order is refused.
const app = setupTestApp();

beforeAll(async () => {
  await pricePlan(app);
});

describe("POST /__dev/orders/{code}/expire (sandbox tool)", () => {
  it("expires an unpaid order through its real job, and refuses one that is not waiting for payment", async () => {
    const who = await shopper(app);
    const placed = await place(app, who, { quantity: 1 });
    expect(placed.statusCode, placed.body).toBe(201);
    const code = placed.json().code as string;
    const expired = await app.server.inject({ method: "POST", url: `/__dev/orders/${code}/expire` });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(expired.json()).toEqual({ code, status: "CANCELLED" });
    expect((await orderRow(app, code)).status).toBe("CANCELLED");
    const again = await app.server.inject({ method: "POST", url: `/__dev/orders/${code}/expire` });
    expect(again.statusCode).toBe(409);

    const paid = await place(app, who, { quantity: 1 });
    const paidCode = paid.json().code as string;
    await payWithCard(app, who, paidCode);
    await settle(app);
    const refused = await app.server.inject({ method: "POST", url: `/__dev/orders/${paidCode}/expire` });
    expect(refused.statusCode).toBe(409);
    expect((await orderRow(app, paidCode)).status).not.toBe("CANCELLED");
  });
});
