import type { Database } from "../../db/client.ts";
import type { CreditService } from "../modules/credit/service.ts";
import type { OrderRow } from "../modules/order/service.ts";

/**
 * An unpaid order was cancelled or expired (the order module's `cancelledUnpaid` hook): the store credit it held
 * is released (ADR 0241), in the cancellation's transaction.
 */
export function createOrderCancelledUnpaidFlow(deps: { credit: Pick<CreditService, "release"> }) {
  return async (tx: Database, order: OrderRow): Promise<void> => {
    await deps.credit.release(tx, order.id);
  };
}
