import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "../../db/schema/index.ts";
import { setupTestApp } from "../../test/api.ts";
import {
  ESIM_CANCEL_JOB,
  ESIM_FAILURE_NOTICE_JOB,
  ESIM_PROVISION_JOB,
  ESIM_USAGE_HINT_JOB,
} from "../modules/esim/service.ts";
import { EXPIRE_ORDER_JOB, FULFIL_ORDER_JOB, REFUND_PAYMENT_JOB } from "../modules/order/service.ts";
import { FORGET_CUSTOMER_JOB } from "../modules/payment/forget-customer.ts";
import { MESSAGE_DELIVERY_JOB } from "../providers/messages/delivery.ts";
import { SANDBOX_WEBHOOK_JOB } from "../providers/payment/sandbox.ts";

// Issue 9 part 5 / ADR 0205: every job kind the app runs has a zod payload, so a row that does not match (written
// by an older release, a hand edit or a bug) is DEAD at once instead of running with guessed values.
const app = setupTestApp();

const malformed: [string, Record<string, unknown>][] = [
  [EXPIRE_ORDER_JOB.kind, { orderId: "not-an-order" }],
  [FULFIL_ORDER_JOB.kind, {}],
  [REFUND_PAYMENT_JOB.kind, { provider: "sandbox", paymentId: "pi_1", amount: "all of it", orderId: "x" }],
  [FORGET_CUSTOMER_JOB.kind, { provider: "stripe", sessionIds: "cs_1" }],
  [ESIM_PROVISION_JOB.kind, { orderId: 42 }],
  [ESIM_FAILURE_NOTICE_JOB.kind, { order: "x" }],
  [ESIM_CANCEL_JOB.kind, { orderId: null }],
  [ESIM_USAGE_HINT_JOB.kind, { iccid: "" }],
  [SANDBOX_WEBHOOK_JOB.kind, { event: { id: "evt_1", type: "payment.stolen" } }],
  [MESSAGE_DELIVERY_JOB.kind, { messageId: "nope" }],
];

describe("typed job payloads", () => {
  it("marks a malformed payload of every existing kind DEAD without running it", async () => {
    const rows = await app.database.db
      .insert(jobs)
      .values(malformed.map(([kind, payload]) => ({ kind, payload, runAt: new Date(Date.now() - 1000) })))
      .returning({ id: jobs.id });
    await app.services.jobs.drain();
    const after = await app.database.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          rows.map((row) => row.id),
        ),
      );
    expect(after).toHaveLength(malformed.length);
    for (const row of after) {
      expect(row, row.kind).toMatchObject({ status: "DEAD", attempts: 1 });
      expect(row.lastError, row.kind).toMatch(/^invalid payload/);
    }
  });

  it("refuses to enqueue a malformed payload and writes no row", async () => {
    const before = await app.services.jobs.list([REFUND_PAYMENT_JOB]);
    await expect(
      app.services.jobs.enqueue(REFUND_PAYMENT_JOB, {
        provider: "sandbox",
        paymentId: "pi_1",
        amount: -5,
        orderId: "00000000-0000-4000-8000-000000000000",
      }),
    ).rejects.toThrow();
    const afterRows = await app.services.jobs.list([REFUND_PAYMENT_JOB]);
    expect(afterRows).toHaveLength(before.length);
  });
});
