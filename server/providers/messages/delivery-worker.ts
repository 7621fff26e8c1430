import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { messageOutbox } from "../../../db/schema/index.ts";
import type { EmailTransport } from "./email-transport.ts";
import type { MessageChannel } from "./outbox.ts";
import type { SmsGateway } from "./sms-gateway.ts";

const BATCH = 10;
const MAX_ATTEMPTS = 5;

export interface DeliveryWorkerOptions {
  db: Database;
  email?: EmailTransport;
  sms?: SmsGateway;
  intervalMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Delivers PENDING outbox rows. Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances can run the
 * worker without sending a message twice. A failure is retried with backoff (30 s, 1, 2, 4 min), then FAILED.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions) {
  const { db } = options;
  const channels: MessageChannel[] = [];
  if (options.email) channels.push("EMAIL");
  if (options.sms) channels.push("SMS");
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliver(channel: string, to: string, subject: string, body: string, html?: string | null) {
    if (channel === "EMAIL") await options.email!.deliver({ to, subject, body, html });
    else await options.sms!.deliver({ to, body });
  }

  async function runOnce(): Promise<number> {
    let delivered = 0;
    for (const channel of channels) {
      delivered += await db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(messageOutbox)
          .where(
            and(
              eq(messageOutbox.status, "PENDING"),
              eq(messageOutbox.channel, channel),
              lte(messageOutbox.nextAttemptAt, sql`now()`),
            ),
          )
          .orderBy(asc(messageOutbox.nextAttemptAt))
          .limit(BATCH)
          .for("update", { skipLocked: true });
        let sent = 0;
        for (const row of rows) {
          try {
            await deliver(row.channel, row.to, row.subject, row.body, row.html);
            await tx
              .update(messageOutbox)
              .set({ status: "SENT", sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
              .where(eq(messageOutbox.id, row.id));
            sent += 1;
          } catch (error) {
            const attempts = row.attempts + 1;
            const backoffS = 30 * 2 ** (attempts - 1);
            await tx
              .update(messageOutbox)
              .set({
                status: attempts >= MAX_ATTEMPTS ? "FAILED" : "PENDING",
                attempts,
                lastError: String((error as Error)?.message ?? error).slice(0, 500),
                nextAttemptAt: sql`now() + make_interval(secs => ${backoffS})`,
              })
              .where(eq(messageOutbox.id, row.id));
            options.onError?.(error);
          }
        }
        return sent;
      });
    }
    return delivered;
  }

  return {
    runOnce,
    start() {
      if (timer || channels.length === 0) return;
      timer = setInterval(() => {
        running ??= runOnce()
          .catch((error) => {
            options.onError?.(error);
            return 0;
          })
          .finally(() => {
            running = undefined;
          });
      }, options.intervalMs ?? 2000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      options.email?.close();
    },
  };
}

export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
