import type { Database } from "../../db/client.ts";
import type { CouponService } from "../modules/coupon/service.ts";
import type { CreditService } from "../modules/credit/service.ts";
import type { OrderRow } from "../modules/order/service.ts";
import type { SfbService } from "../modules/sfb/service.ts";

/**
 * An order moved to REFUNDED (the order module's `refunded` hook), in that move's transaction, once: the store
 * credit it spent comes back (ADR 0241), its coupon and promo code uses come back (issue 29, ADR 0336) and its
 * invite reward is voided or clawed back (ADR 0242). The money itself is the refund flow's (refund-order.ts), which
 * moves the order to REFUNDED and so runs this.
 */
export function createOrderRefundedFlow(deps: {
  credit: Pick<CreditService, "refund">;
  coupon: Pick<CouponService, "refunded">;
  sfb: Pick<SfbService, "orderRefunded">;
}) {
  return async (tx: Database, order: OrderRow): Promise<void> => {
    await deps.credit.refund(tx, order.id);
    await deps.coupon.refunded(tx, order);
    await deps.sfb.orderRefunded(tx, order);
  };
}
