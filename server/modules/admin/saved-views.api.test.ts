import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { auditOf, createOperator, operatorHeaders, type TestOperator } from "./admin-test-kit.ts";

// Saved views of the console's orders list (issue 29, ADR 0362): an operator's filters under a name, their own only,
// each save and delete audited.

const app = setupTestApp();
let support: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  support = await createOperator(app, "support");
  finance = await createOperator(app, "finance");
});

async function call(operator: TestOperator, method: "GET" | "PUT" | "DELETE", url: string, payload?: object) {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...(await operatorHeaders(app, operator)), "x-lang": "en_US" },
    ...(payload ? { payload } : {}),
  });
}

describe("saved views of the orders list", () => {
  it("saves the filters under a name for this operator only, replaces them on the same name, and deletes them", async () => {
    const saved = await call(support, "PUT", "/orders/views", {
      name: "Fulfilling in HKD",
      filters: { status: "FULFILLING", currency: "HKD", q: "" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      name: "Fulfilling in HKD",
      filters: { status: "FULFILLING", currency: "HKD" },
    });
    expect(saved.json().filters).not.toHaveProperty("q");

    // Saving the same name again (a double submit, or new filters) keeps one view with the latest filters.
    await Promise.all([
      call(support, "PUT", "/orders/views", { name: "Fulfilling in HKD", filters: { status: "FULFILLING" } }),
      call(support, "PUT", "/orders/views", { name: "Fulfilling in HKD", filters: { status: "FULFILLING" } }),
    ]);
    const mine = (await call(support, "GET", "/orders/views")).json().views;
    expect(mine).toEqual([
      expect.objectContaining({ name: "Fulfilling in HKD", filters: { status: "FULFILLING" } }),
    ]);

    // Another operator sees none of them and cannot delete them.
    expect((await call(finance, "GET", "/orders/views")).json().views).toEqual([]);
    expect((await call(finance, "DELETE", `/orders/views/${mine[0].id}`)).statusCode).toBe(404);

    expect((await call(support, "DELETE", `/orders/views/${mine[0].id}`)).statusCode).toBe(200);
    expect((await call(support, "GET", "/orders/views")).json().views).toEqual([]);
    expect((await call(support, "DELETE", `/orders/views/${mine[0].id}`)).statusCode).toBe(404);

    const actions = (await auditOf(app, "operator", support.id)).map((r) => r.action);
    expect(actions.filter((a) => a === "orders.view.save")).toHaveLength(3);
    expect(actions.filter((a) => a === "orders.view.delete")).toHaveLength(1);
  });

  it("refuses a filter the list does not take, a bad value and an empty name", async () => {
    const unknown = await call(support, "PUT", "/orders/views", { name: "x", filters: { colour: "red" } });
    expect(unknown.statusCode).toBe(400);
    const badStatus = await call(support, "PUT", "/orders/views", { name: "x", filters: { status: "NOPE" } });
    expect(badStatus.statusCode).toBe(400);
    const noName = await call(support, "PUT", "/orders/views", { name: "  ", filters: {} });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty("name");
  });
});
