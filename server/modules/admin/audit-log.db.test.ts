import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../../db/client.ts";
import { auditLog, operators } from "../../../db/schema/index.ts";
import { createTestDatabase } from "../../../test/db.ts";

/** The database trigger's own refusal, not some other failure (drizzle wraps it as the cause). */
function refusedAsAppendOnly(error: unknown): boolean {
  const cause = (error as { cause?: { message?: string } }).cause;
  return String(cause?.message ?? (error as Error).message).includes("audit_log is append-only");
}

describe("audit log (issue 16)", () => {
  let handle: DatabaseHandle;
  let entryId: number;

  beforeAll(async () => {
    handle = await createTestDatabase();
    const [operator] = await handle.db
      .insert(operators)
      .values({ email: "owner@roamly.test", displayName: "Owner", role: "owner", status: "ACTIVE" })
      .returning();
    const [entry] = await handle.db
      .insert(auditLog)
      .values({
        operatorId: operator!.id,
        action: "plan.price_rule.update",
        entity: "plan",
        entityId: "plan-1",
        before: { markup: 10 },
        after: { markup: 12 },
      })
      .returning();
    entryId = entry!.id;
  });

  afterAll(async () => {
    await handle.close();
  });

  it("keeps who, what, before and after", async () => {
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(row).toMatchObject({
      action: "plan.price_rule.update",
      before: { markup: 10 },
      after: { markup: 12 },
    });
  });

  it("refuses to edit an entry", async () => {
    await expect(
      handle.db
        .update(auditLog)
        .set({ after: { markup: 99 } })
        .where(eq(auditLog.id, entryId)),
    ).rejects.toSatisfy(refusedAsAppendOnly);
    const [row] = await handle.db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(row?.after).toEqual({ markup: 12 });
  });

  it("refuses to delete an entry", async () => {
    await expect(handle.db.delete(auditLog).where(eq(auditLog.id, entryId))).rejects.toSatisfy(
      refusedAsAppendOnly,
    );
    const rows = await handle.db.select().from(auditLog).where(eq(auditLog.id, entryId));
    expect(rows).toHaveLength(1);
  });
});
