import type { BulkActionBody, BulkActionResult } from "../../../core/console-bulk.ts";
import type { Database } from "../../../db/client.ts";
import { consoleBulkItems } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import type { EsimService } from "../esim/service.ts";
import type { OrderService } from "../order/service.ts";
import { recordAudit } from "./audit.ts";

/** The batch already did this order: the transaction that would repeat it rolls back. */
class AlreadyDone extends Error {}

/**
 * Runs one bulk action of the orders list (issue 29 item 3, ADR 0383) over at most 100 orders, one order at a
 * time, each in its own transaction with its effect, its audit entry and its claim in `console_bulk_item`. A
 * second submit of the same batch key (a double click, a retried or racing request) finds each order claimed and
 * rolls its own transaction back, so nothing happens twice; the orders it reports as skipped (alreadyDone).
 */
export function createBulkActions(services: { order: OrderService; esim: EsimService }) {
  const { order, esim } = services;

  /** Claims the order for the batch inside the action's transaction; a second claim rolls that transaction back. */
  async function claim(tx: Database, operatorId: string, body: BulkActionBody, orderId: string) {
    const [row] = await tx
      .insert(consoleBulkItems)
      .values({ operatorId, batchKey: body.batchKey, action: body.action, orderId })
      .onConflictDoNothing()
      .returning({ id: consoleBulkItems.id });
    if (!row) throw new AlreadyDone();
  }

  return {
    async run(
      operatorId: string,
      body: BulkActionBody,
      log: { warn(details: object, message: string): void },
    ): Promise<BulkActionResult> {
      const orders: BulkActionResult["orders"] = [];
      for (const code of body.codes) {
        const row = await order.findByCode(code);
        if (!row) {
          orders.push({ code, outcome: "skipped", reason: "notFound" });
          continue;
        }
        const alongside = (after: Record<string, unknown>) => async (tx: Database) => {
          await claim(tx, operatorId, body, row.id);
          await recordAudit(tx, {
            operatorId,
            action: body.action === "resend-email" ? "order.resend_email" : "order.retry_provisioning",
            entity: "order",
            entityId: row.code,
            after: { ...after, batch: body.batchKey },
          });
        };
        try {
          if (body.action === "resend-email")
            await esim.resendDelivery(row.id, alongside({ to: row.contactEmail }));
          else await esim.retryProvisioning(row.id, alongside({ status: row.status }));
          orders.push({ code: row.code, outcome: "done", reason: null });
        } catch (error) {
          if (error instanceof AlreadyDone)
            orders.push({ code: row.code, outcome: "skipped", reason: "alreadyDone" });
          else if (error instanceof ApiError && error.status === 409)
            orders.push({
              code: row.code,
              outcome: "skipped",
              reason: body.action === "resend-email" ? "nothingToSend" : "notInReview",
            });
          else {
            // One order's failure (the database, the outbox) does not stop the others; the log keeps the error.
            log.warn({ err: error, order: row.code }, `bulk ${body.action} failed for one order`);
            orders.push({ code: row.code, outcome: "failed", reason: null });
          }
        }
      }
      const count = (outcome: string) => orders.filter((o) => o.outcome === outcome).length;
      return {
        action: body.action,
        done: count("done"),
        skipped: count("skipped"),
        failed: count("failed"),
        orders,
      };
    },
  };
}
