import type { OrderHooks } from "../modules/order/service.ts";
import { ordersPaid, paymentToEsim, refunds } from "./metrics.ts";

/**
 * The order metrics (issue 34 item 4; ADR 0332), counted where the order's status changes: its hooks run in the
 * transaction of the change, after the conditional update moved it, so a repeat (a replayed webhook, a second
 * worker) that moves nothing counts nothing. The hooks they wrap run first; a failure there (the transaction
 * rolls back) counts nothing either.
 */
export function measuredOrderHooks(hooks: OrderHooks, clock: () => Date = () => new Date()): OrderHooks {
  return {
    ...hooks,
    paid: async (tx, order) => {
      await hooks.paid?.(tx, order);
      ordersPaid.add(1, { currency: order.currencyCode });
    },
    completed: async (tx, order) => {
      await hooks.completed?.(tx, order);
      if (order.paidAt) paymentToEsim.record(Math.max(0, clock().getTime() - order.paidAt.getTime()) / 1000);
    },
    refunded: async (tx, order) => {
      await hooks.refunded?.(tx, order);
      refunds.add(1, { currency: order.currencyCode });
    },
  };
}
