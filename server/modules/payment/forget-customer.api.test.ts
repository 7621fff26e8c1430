import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, sandboxPaymentSessions } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { SANDBOX_WEBHOOK_JOB, TEST_CARDS } from "../../providers/payment/sandbox.ts";
import { bearer, encryptPassword, GOOD_PASSWORD, registerByEmail } from "../account/account-test-kit.ts";
import { orderToPay, pricePlan, settle, submitCard } from "../checkout/purchase-test-kit.ts";
import { FORGET_CUSTOMER_JOB } from "./forget-customer.ts";

// Issue 14.13 / ADR 0165: deleting an account clears its payment event payloads and, through a durable job,
// what the payment provider keeps about the shopper.
const app = setupTestApp();

async function paidShopper(email: string) {
  const tokens = await registerByEmail(app, email);
  const who = { id: "", email, headers: bearer(tokens.accessToken) };
  const { sessionId, redirectUrl } = await orderToPay(app, who);
  expect((await submitCard(app, redirectUrl, TEST_CARDS.success)).statusCode).toBe(303);
  await settle(app);
  return { tokens, sessionId };
}

const webhookJobsOf = async (sessionId: string) =>
  (await app.database.db.select().from(jobs).where(eq(jobs.kind, SANDBOX_WEBHOOK_JOB.kind))).filter(
    (job) =>
      (job.payload as { event?: { data?: { sessionId?: string } } }).event?.data?.sessionId === sessionId,
  );
const sandboxSession = async (sessionId: string) =>
  (
    await app.database.db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.id, sessionId))
  )[0]!;

describe("deleting an account reaches its payments", () => {
  it("clears the event payloads at once and has the provider forget the shopper through a job", async () => {
    await pricePlan(app);
    const leaving = await paidShopper("pays-then-leaves@example.com");
    const staying = await paidShopper("pays-and-stays@example.com");
    expect((await webhookJobsOf(leaving.sessionId)).length).toBeGreaterThan(0);
    expect((await sandboxSession(leaving.sessionId)).description).not.toBe("");

    const deleted = await app.server.inject({
      method: "POST",
      url: "/o2cum/v1/customer/delete-account",
      headers: bearer(leaving.tokens.accessToken),
      payload: { password: await encryptPassword(app, GOOD_PASSWORD) },
    });
    expect(deleted.statusCode).toBe(200);

    // In the same transaction: no delivered event of the account's payments keeps its payload.
    expect(await webhookJobsOf(leaving.sessionId)).toEqual([]);
    const [forget] = await app.services.jobs.list([FORGET_CUSTOMER_JOB]);
    expect(forget).toMatchObject({
      status: "PENDING",
      payload: { provider: "sandbox", sessionIds: [leaving.sessionId] },
    });
    // The provider is asked by the job, not inside the request: until it runs, the provider still has it.
    expect((await sandboxSession(leaving.sessionId)).description).not.toBe("");

    await settle(app);
    const [done] = await app.services.jobs.list([FORGET_CUSTOMER_JOB]);
    expect(done!.status).toBe("DONE");
    const forgotten = await sandboxSession(leaving.sessionId);
    expect(forgotten.description).toBe("");
    // The provider keeps the payment itself (refunds still work), as a real provider keeps its records.
    expect(forgotten.status).toBe("PAID");

    // Another shopper's payment records are untouched.
    expect((await webhookJobsOf(staying.sessionId)).length).toBeGreaterThan(0);
    expect((await sandboxSession(staying.sessionId)).description).not.toBe("");
  });
});
