import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { messageOutbox } from "../../../db/schema/index.ts";
import { defineJob, type JobContext, type JobRunner } from "../../jobs/runner.ts";
import type { EmailTransport } from "./email-transport.ts";
import type { MessageChannel } from "./outbox.ts";
import type { SmsGateway } from "./sms-gateway.ts";

/** Retry delay after the n-th failed delivery: 30 s, 1, 2, 4 min; the fifth failure marks the message FAILED. */
export function deliveryBackoffMs(attempt: number): number {
  return 30_000 * 2 ** Math.max(0, attempt - 1);
}

/** One job per outbox row: deliver it over its channel (ADR 0178). */
export const MESSAGE_DELIVERY_JOB = defineJob("message.deliver", z.object({ messageId: z.uuid() }), {
  backoffMs: deliveryBackoffMs,
  maxAttempts: 5,
});

export interface MessageDeliveryOptions {
  db: Database;
  email?: EmailTransport;
  sms?: SmsGateway;
}

/**
 * Delivers outbox rows as jobs of the durable runner (ADR 0178): the runner gives each message to one worker at
 * a time, and the handler reads the row, talks to SMTP or the SMS gateway with no transaction open, then records
 * the outcome. A channel with no transport configured leaves its rows PENDING: the outbox is the sandbox inbox.
 * Delivery is at least once: a worker killed between the send and the update sends that message again.
 */
export function createMessageDelivery(options: MessageDeliveryOptions) {
  const { db } = options;
  const channels: MessageChannel[] = [];
  let runner: JobRunner | undefined;
  const requireRunner = (): JobRunner => {
    if (!runner) throw new Error("message delivery: registerJobs was not called");
    return runner;
  };
  if (options.email) channels.push("EMAIL");
  if (options.sms) channels.push("SMS");

  async function deliverOne({ messageId }: { messageId: string }, context: JobContext) {
    const [row] = await db.select().from(messageOutbox).where(eq(messageOutbox.id, messageId));
    if (row?.status !== "PENDING") return;
    if (row.channel === "EMAIL" && !options.email) return;
    if (row.channel === "SMS" && !options.sms) return;
    const pending = and(eq(messageOutbox.id, row.id), eq(messageOutbox.status, "PENDING"));
    try {
      if (row.channel === "EMAIL")
        await options.email!.deliver({ to: row.to, subject: row.subject, body: row.body, html: row.html });
      else await options.sms!.deliver({ to: row.to, body: row.body });
    } catch (error) {
      const final = context.attempt >= context.maxAttempts;
      await db
        .update(messageOutbox)
        .set({
          status: final ? "FAILED" : "PENDING",
          attempts: row.attempts + 1,
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
          nextAttemptAt: new Date(context.now.getTime() + deliveryBackoffMs(context.attempt)),
        })
        .where(pending);
      throw error;
    }
    await db
      .update(messageOutbox)
      .set({ status: "SENT", sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
      .where(pending);
  }

  return {
    /** Whether a channel has a transport: without one its messages stay PENDING in the outbox (the sandbox). */
    sends(channel: MessageChannel): boolean {
      return channels.includes(channel);
    },

    registerJobs(jobs: JobRunner) {
      jobs.register(MESSAGE_DELIVERY_JOB, deliverOne);
      runner = jobs;
    },

    /**
     * Gives a delivery job to every PENDING message of a configured channel that has none waiting: rows written
     * before delivery became a job, or while the channel had no transport. One instance at a time (an advisory
     * lock), so two instances starting together do not queue a message twice.
     */
    async enqueuePending(): Promise<number> {
      if (channels.length === 0) return 0;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('message.deliver catch-up'))`);
        const waiting = (await tx.execute(sql`
          select m.id from message_outbox m
          where m.status = 'PENDING' and m.channel in (${sql.join(
            channels.map((channel) => sql`${channel}`),
            sql`, `,
          )})
            and not exists (
              select 1 from job j
              where j.kind = ${MESSAGE_DELIVERY_JOB.kind} and j.status in ('PENDING', 'RUNNING')
                and j.payload->>'messageId' = m.id::text
            )`)) as unknown as { rows: { id: string }[] };
        // The job runner owns its table: each delivery job is enqueued through it, in this transaction.
        for (const { id } of waiting.rows) {
          await requireRunner().enqueue(MESSAGE_DELIVERY_JOB, { messageId: id }, { executor: tx });
        }
        return waiting.rows.length;
      });
    },

    /** Closes the SMTP connection pool. */
    close() {
      options.email?.close();
    },
  };
}

export type MessageDelivery = ReturnType<typeof createMessageDelivery>;
