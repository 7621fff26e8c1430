import type { Database } from "../../db/client.ts";
import type { OrderRow } from "../modules/order/service.ts";
import type { SfbService } from "../modules/sfb/service.ts";

/**
 * An order was paid (the order module's `paid` hook, ADR 0242): the invite it came from is noted as paid, in the
 * transaction that moved the order to PAID, so a rolled-back payment notes nothing.
 */
export function createOrderPaidFlow(deps: { sfb: Pick<SfbService, "orderPaid"> }) {
  return async (tx: Database, order: OrderRow): Promise<void> => {
    await deps.sfb.orderPaid(tx, order);
  };
}
