import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { messageOutbox } from "../../../db/schema/index.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import { MESSAGE_DELIVERY_JOB } from "./delivery.ts";

export type MessageChannel = "EMAIL" | "SMS";

export interface OutboundMessage {
  channel: MessageChannel;
  to: string;
  subject?: string;
  body: string;
  /** E-mail only: an HTML alternative; its data: images are sent as inline attachments (ADR 0134). */
  html?: string;
}

/**
 * The messages interface (architecture: outside parties). Sending only writes the durable outbox, inside the
 * caller's transaction when one is given, so a code is never "sent" for a change that rolled back. The row's
 * delivery job (delivery.ts) is queued in the same transaction; with no SMTP or gateway the outbox is the sandbox.
 */
export interface MessageSender {
  send(message: OutboundMessage, executor?: Database): Promise<void>;
}

export function createOutbox(db: Database, jobs: Pick<JobRunner, "enqueue">) {
  return {
    async send(message: OutboundMessage, executor: Database = db) {
      const [row] = await executor
        .insert(messageOutbox)
        .values({
          channel: message.channel,
          to: message.to,
          subject: message.subject ?? "",
          body: message.body,
          html: message.html ?? null,
        })
        .returning({ id: messageOutbox.id });
      await jobs.enqueue(
        MESSAGE_DELIVERY_JOB,
        { messageId: row!.id },
        { executor, dedupeKey: `message:${row!.id}` },
      );
    },
    /**
     * Account deletion (ADRs 0063, 0165): the messages addressed to a deleted customer's contacts go, sent or
     * not, in the deletion's transaction. Addresses match case-insensitively.
     */
    async forget(addresses: string[], executor: Database = db) {
      const lower = [...new Set(addresses.map((address) => address.toLowerCase()))];
      if (lower.length === 0) return;
      await executor.delete(messageOutbox).where(inArray(sql`lower(${messageOutbox.to})`, lower));
    },
    /**
     * Development and tests only (/__dev/outbox): the latest messages to one address, newest first. Messages
     * written in one transaction share created_at, so ties go by insertion order (seq, ADR 0170).
     */
    recent(to: string | undefined, limit = 20) {
      return db
        .select({
          id: messageOutbox.id,
          channel: messageOutbox.channel,
          to: messageOutbox.to,
          subject: messageOutbox.subject,
          body: messageOutbox.body,
          html: messageOutbox.html,
          status: messageOutbox.status,
          attempts: messageOutbox.attempts,
          sentAt: messageOutbox.sentAt,
          nextAttemptAt: messageOutbox.nextAttemptAt,
          createdAt: messageOutbox.createdAt,
        })
        .from(messageOutbox)
        .where(to ? eq(messageOutbox.to, to) : and())
        .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.seq))
        .limit(limit);
    },
  } satisfies MessageSender & Record<string, unknown>;
}

export type Outbox = ReturnType<typeof createOutbox>;
