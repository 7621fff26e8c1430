import { beforeAll, describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { shopper } from "../checkout/purchase-test-kit.ts";
import { auditOf, createOperator, operatorHeaders, type TestOperator } from "./admin-test-kit.ts";

// Staff notes on customers (issue 29, ADR 0361), through the console API: on the customer's page with author and
// time, editable by their author only (checked on the server, whatever the role), each write audited.

const app = setupTestApp();
let author: TestOperator;
let colleague: TestOperator;
let owner: TestOperator;
let finance: TestOperator;

beforeAll(async () => {
  author = await createOperator(app, "support");
  colleague = await createOperator(app, "support");
  owner = await createOperator(app, "owner");
  finance = await createOperator(app, "finance");
});

async function call(operator: TestOperator, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return app.server.inject({
    method,
    url: `/o2adm/v1${url}`,
    headers: { ...(await operatorHeaders(app, operator)), "x-lang": "en_US" },
    ...(payload ? { payload } : {}),
  });
}

describe("staff notes on customers", () => {
  it("adds a note shown with its author and time, which only its author can edit", async () => {
    const customer = await shopper(app);
    const added = await call(author, "POST", `/customers/${customer.id}/notes`, {
      body: "  Called about a roaming question; prefers e-mail.  ",
    });
    expect(added.statusCode).toBe(200);
    const noteId = added.json().id as string;

    const seenByColleague = await call(colleague, "GET", `/customers/${customer.id}`);
    expect(seenByColleague.json().notes).toEqual([
      expect.objectContaining({
        id: noteId,
        body: "Called about a roaming question; prefers e-mail.",
        operatorName: expect.stringMatching(/^support \d+$/),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        editedAt: null,
        mine: false,
      }),
    ]);
    expect((await call(author, "GET", `/customers/${customer.id}`)).json().notes[0].mine).toBe(true);

    // Another operator, an owner included, cannot change it.
    for (const other of [colleague, owner]) {
      const refused = await call(other, "PUT", `/customers/${customer.id}/notes/${noteId}`, {
        body: "Changed",
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        failed: true,
        code: "adminApi.noteNotYours",
        message: "Only the operator who wrote this note can change it",
      });
    }
    // A role without customers.write cannot add one.
    expect((await call(finance, "POST", `/customers/${customer.id}/notes`, { body: "x" })).statusCode).toBe(
      403,
    );

    const edited = await call(author, "PUT", `/customers/${customer.id}/notes/${noteId}`, {
      body: "Prefers e-mail; asked about Japan.",
    });
    expect(edited.statusCode).toBe(200);
    const [note] = (await call(colleague, "GET", `/customers/${customer.id}`)).json().notes;
    expect(note).toMatchObject({ body: "Prefers e-mail; asked about Japan.", editedAt: expect.any(String) });

    const audit = await auditOf(app, "customer", customer.id);
    expect(audit.map((r) => [r.action, r.operatorId])).toEqual([
      ["customer.note", author.id],
      ["customer.note.edit", author.id],
    ]);
    expect(audit[1]).toMatchObject({
      before: { noteId, note: "Called about a roaming question; prefers e-mail." },
      after: { noteId, note: "Prefers e-mail; asked about Japan." },
    });
  });

  it("deletes a customer's notes with their account", async () => {
    const customer = await shopper(app);
    await call(author, "POST", `/customers/${customer.id}/notes`, { body: "Wants the account deleted." });
    const deleted = await call(author, "POST", `/customers/${customer.id}/deletion`, {
      reason: "Asked by e-mail",
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call(author, "GET", `/customers/${customer.id}`)).json().notes).toEqual([]);
  });

  it("refuses an empty note, another customer's note and an unknown customer", async () => {
    const customer = await shopper(app);
    const other = await shopper(app);
    expect((await call(author, "POST", `/customers/${customer.id}/notes`, { body: "   " })).statusCode).toBe(
      400,
    );
    const { id } = (await call(author, "POST", `/customers/${customer.id}/notes`, { body: "Hello" })).json();
    expect((await call(author, "PUT", `/customers/${other.id}/notes/${id}`, { body: "x" })).statusCode).toBe(
      404,
    );
    expect(
      (await call(author, "POST", "/customers/00000000-0000-4000-8000-000000000000/notes", { body: "x" }))
        .statusCode,
    ).toBe(404);
  });
});
