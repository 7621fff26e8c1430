import type { Database } from "../../db/client.ts";
import type { OrderRow } from "../modules/order/service.ts";
import type { SfbService } from "../modules/sfb/service.ts";

/**
 * An order was completed, its eSIMs delivered (the order module's `completed` hook, ADR 0242): the inviter's
 * reward is granted as store credit, in the transaction that moved the order to COMPLETED.
 */
export function createOrderCompletedFlow(deps: { sfb: Pick<SfbService, "orderCompleted"> }) {
  return async (tx: Database, order: OrderRow): Promise<void> => {
    await deps.sfb.orderCompleted(tx, order);
  };
}
