import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { auditLog, operators } from "../../../db/schema/index.ts";
import { createTestDatabase } from "../../../test/db.ts";
import { auditedChange } from "./audit.ts";

describe("auditedChange (ADR 0284)", () => {
  let handle: DatabaseHandle;
  let operator: { id: string };

  beforeAll(async () => {
    handle = await createTestDatabase();
    const [row] = await handle.db
      .insert(operators)
      .values({ email: "merch@roamly.test", displayName: "Merch", role: "merchandiser", status: "ACTIVE" })
      .returning();
    operator = { id: row!.id };
  });

  afterAll(async () => {
    await handle.close();
  });

  const entriesFor = (entityId: string) =>
    handle.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  it("records who changed what from what to what, and gives back the row after", async () => {
    const after = await handle.db.transaction((tx) =>
      auditedChange(
        tx,
        operator,
        {
          action: (change) => (change.before ? "help.update" : "help.create"),
          entity: "help-article",
          entityId: "refunds/en_US",
        },
        async () => ({ before: null, after: { title: "Refunds" } }),
      ),
    );
    expect(after).toEqual({ title: "Refunds" });
    expect(await entriesFor("refunds/en_US")).toMatchObject([
      { operatorId: operator.id, action: "help.create", entity: "help-article", before: null, after },
    ]);
  });

  it("keeps only what `record` picks", async () => {
    await handle.db.transaction((tx) =>
      auditedChange(
        tx,
        operator,
        {
          action: "coupon.disable",
          entity: "coupon",
          entityId: "SPRING",
          record: (change) => ({
            before: { enabled: change.before.enabled },
            after: { enabled: change.after.enabled },
          }),
        },
        async () => ({
          before: { enabled: true, name: "Spring" },
          after: { enabled: false, name: "Spring" },
        }),
      ),
    );
    expect(await entriesFor("SPRING")).toMatchObject([
      { before: { enabled: true }, after: { enabled: false } },
    ]);
  });

  it("records nothing when there was nothing to change", async () => {
    const after = await handle.db.transaction((tx) =>
      auditedChange(
        tx,
        operator,
        { action: "coupon.update", entity: "coupon", entityId: "NONE" },
        async () => null,
      ),
    );
    expect(after).toBeNull();
    expect(await entriesFor("NONE")).toEqual([]);
  });

  it("leaves no record of a change whose transaction fails afterwards", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await auditedChange(
          tx,
          operator,
          { action: "footer.save", entity: "footer", entityId: "zh_HK" },
          async () => ({
            before: {},
            after: {},
          }),
        );
        throw new Error("the save failed later");
      }),
    ).rejects.toThrow("the save failed later");
    expect(await entriesFor("zh_HK")).toEqual([]);
  });
});
