import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../db/schema/index.ts";
import { setupTestApp } from "../../../test/api.ts";
import { readEnv } from "../../env.ts";
import { installSecret } from "../../infra/install-secret.ts";
import { backoffMs } from "../../jobs/runner.ts";
import { SANDBOX_SECRET_NAME } from "../../providers/payment/index.ts";
import { createSandboxPayments, SANDBOX_WEBHOOK_PATH, TEST_CARDS } from "../../providers/payment/sandbox.ts";
import {
  fulfilJobs,
  orderRow,
  orderToPay,
  pricePlan,
  shopper,
  transitionsTo,
} from "../checkout/purchase-test-kit.ts";

// The sandbox's chaos at a rate (ADR 0167): some payments' webhooks are duplicated or reversed, others are not,
// and the store fulfils each paid order exactly once either way. The dice are scripted, so the test is exact.

const app = setupTestApp();
// The secret this install generated for the sandbox (ADR 0191), read the way the app reads it.
const SECRET = installSecret(readEnv({ NODE_ENV: "test" }).DATA_DIR, SANDBOX_SECRET_NAME);

beforeAll(async () => {
  await pricePlan(app);
});

/** The webhook jobs queued for a session, in the order they will be delivered. */
async function queued(sessionId: string) {
  const rows = await app.database.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.kind} = 'sandbox-payment-webhook' and ${jobs.payload}->'event'->'data'->>'sessionId' = ${sessionId}`,
    )
    .orderBy(jobs.runAt, jobs.id);
  return rows.map((j) => (j.payload as { event: { type: string } }).event.type);
}

const card = (number: string) => ({ number, expiry: "12/34", cvc: "123" });

describe("sandbox chaos at a rate", () => {
  it("reverses and duplicates only the payments the dice pick, and each order is fulfilled once", async () => {
    // 30% each: a throw under 0.3 makes it happen. Per payment: one throw for the order, one per event to copy.
    const throws = [
      0.1, // first payment: reversed
      0.9, // its payment.succeeded is sent once
      0.29, // its payment.processing twice
      0.3, // second payment: in order
      0.99, // processing once
      0.5, // succeeded once
      0.0, // a declined card's only event: no order to reverse, sent twice
    ];
    const random = () => {
      const next = throws.shift();
      if (next === undefined) throw new Error("the sandbox threw more dice than scripted");
      return next;
    };
    const chaotic = createSandboxPayments({
      db: app.database.db,
      jobs: app.services.jobs,
      secret: SECRET,
      publicOrigin: "",
      chaos: { duplicate: 0.3, outOfOrder: 0.3, delayMs: 0 },
      random,
    });
    const first = await orderToPay(app, await shopper(app), { quantity: 2 });
    const second = await orderToPay(app, await shopper(app), { quantity: 2 });
    const declined = await orderToPay(app, await shopper(app), { quantity: 2 });

    expect((await chaotic.submitCard(first.sessionId, card(TEST_CARDS.success))).kind).toBe("paid");
    expect(await queued(first.sessionId)).toEqual([
      "payment.succeeded",
      "payment.processing",
      "payment.processing",
    ]);
    expect((await chaotic.submitCard(second.sessionId, card(TEST_CARDS.success))).kind).toBe("paid");
    expect(await queued(second.sessionId)).toEqual(["payment.processing", "payment.succeeded"]);
    expect((await chaotic.submitCard(declined.sessionId, card(TEST_CARDS.declined))).kind).toBe("error");
    expect(await queued(declined.sessionId)).toEqual(["payment.failed", "payment.failed"]);
    expect(throws).toEqual([]);

    await app.services.jobs.drain(new Date(Date.now() + 10_000));
    for (const { code } of [first, second]) {
      expect(await transitionsTo(app, code, "PAID")).toHaveLength(1);
      expect(await fulfilJobs(app, code)).toHaveLength(1);
      expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(app, code)).status);
    }
    expect((await orderRow(app, declined.code)).status).toBe("PENDING_PAYMENT");
    expect(await fulfilJobs(app, declined.code)).toHaveLength(0);
  });

  it("a rate of 0 never throws the dice and sends each event once, in order", async () => {
    const chaotic = createSandboxPayments({
      db: app.database.db,
      jobs: app.services.jobs,
      secret: SECRET,
      publicOrigin: "",
      chaos: { duplicate: 0, outOfOrder: 0, delayMs: 0 },
      random: () => {
        throw new Error("no dice at a rate of 0");
      },
    });
    const { code, sessionId } = await orderToPay(app, await shopper(app), { quantity: 2 });
    expect((await chaotic.submitCard(sessionId, card(TEST_CARDS.success))).kind).toBe("paid");
    expect(await queued(sessionId)).toEqual(["payment.processing", "payment.succeeded"]);
    await app.services.jobs.drain(new Date(Date.now() + 10_000));
    expect(await fulfilJobs(app, code)).toHaveLength(1);
  });
});

describe("a webhook the store could not take", () => {
  it("is retried with backoff, still signed, and pays the order once the store answers", async () => {
    const sandbox = app.services.sandboxPayments!;
    // The store's endpoint is down (503) for the first two deliveries, then back; as app.ts wires it otherwise.
    const attempts: { type: string; signature: string }[] = [];
    sandbox.deliverWebhooksWith(async (body, headers) => {
      attempts.push({ type: JSON.parse(body).type, signature: headers["x-sandbox-signature"] ?? "" });
      if (attempts.length <= 2) return 503;
      return (await app.server.inject({ method: "POST", url: SANDBOX_WEBHOOK_PATH, payload: body, headers }))
        .statusCode;
    });
    try {
      const { code, sessionId } = await orderToPay(app, await shopper(app), { quantity: 2 });
      expect((await sandbox.submitCard(sessionId, card(TEST_CARDS.success))).kind).toBe("paid");
      const webhookJobs = async () =>
        app.database.db
          .select()
          .from(jobs)
          .where(
            sql`${jobs.kind} = 'sandbox-payment-webhook' and ${jobs.payload}->'event'->'data'->>'sessionId' = ${sessionId}`,
          );

      const first = new Date(Date.now() + 1_000);
      // Drained, not one batch: other tests' jobs may be due too. The runner does not promise the order of
      // deliveries within a batch, so the types are compared as a set.
      await app.services.jobs.drain(first);
      expect(attempts.map((a) => a.type).sort()).toEqual(["payment.processing", "payment.succeeded"]);
      const waiting = await webhookJobs();
      expect(waiting.map((j) => [j.status, j.attempts, j.runAt.getTime()])).toEqual([
        ["PENDING", 1, first.getTime() + backoffMs(1)],
        ["PENDING", 1, first.getTime() + backoffMs(1)],
      ]);
      expect(waiting[0]!.lastError).toBe("webhook answered 503");
      expect((await orderRow(app, code)).status).toBe("PENDING_PAYMENT");

      // Nothing is sent again before the backoff is over.
      await app.services.jobs.drain(new Date(first.getTime() + backoffMs(1) - 1));
      expect(attempts).toHaveLength(2);
      await app.services.jobs.drain(new Date(first.getTime() + backoffMs(1)));
      expect(attempts.map((a) => a.type).slice(2)).toEqual(
        expect.arrayContaining(["payment.processing", "payment.succeeded"]),
      );
      expect(attempts).toHaveLength(4);
      expect(attempts.every((a) => /^t=\d+,v1=[0-9a-f]{64}$/.test(a.signature))).toBe(true);
      expect((await webhookJobs()).map((j) => [j.status, j.attempts])).toEqual([
        ["DONE", 2],
        ["DONE", 2],
      ]);
      await app.services.jobs.drain(new Date(Date.now() + 60_000));
      expect(await transitionsTo(app, code, "PAID")).toHaveLength(1);
      expect(await fulfilJobs(app, code)).toHaveLength(1);
      expect(["FULFILLING", "COMPLETED"]).toContain((await orderRow(app, code)).status);
    } finally {
      sandbox.deliverWebhooksWith(async (body, headers) => {
        return (
          await app.server.inject({ method: "POST", url: SANDBOX_WEBHOOK_PATH, payload: body, headers })
        ).statusCode;
      });
    }
  });
});
