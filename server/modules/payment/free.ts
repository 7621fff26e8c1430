import { type PaymentProvider, WebhookSignatureError } from "../../providers/payment/types.ts";
import type { PaymentRepo } from "./repo.ts";

/** The provider name of an order whose total is 0 (ADR 0121): nothing to charge, so no hosted page. */
export const FREE_PROVIDER = "free";

/** One "free payment" per order; its session id is also its payment id, so markPaid is keyed on it. */
export const freePaymentId = (orderCode: string) => `free_${orderCode}`;

/**
 * The payment "provider" of zero-total orders (ADR 0121). A card provider cannot charge 0 (Stripe refuses
 * amounts below its minimum), so the pay endpoint records a payment here and calls orders.markPaid itself,
 * the same idempotent path a webhook takes. Its sessions are paid from the start; a refund has no money to
 * move and is recorded at once through onRefunded (REFUNDING → REFUNDED). It sends no webhooks.
 */
export function createFreePayments(
  repo: PaymentRepo,
  onRefunded: (paymentId: string) => Promise<unknown>,
): PaymentProvider {
  return {
    name: FREE_PROVIDER,

    // Nothing is charged, so there is no minimum.
    minimumAmount: () => null,

    async createCheckoutSession(request) {
      if (request.amount !== 0) throw new Error(`order ${request.orderCode} has a total to pay`);
      return { sessionId: freePaymentId(request.orderCode), url: request.successUrl };
    },

    async retrieveSession(sessionId) {
      const payment = await repo.findBySession(FREE_PROVIDER, sessionId);
      if (!payment) return { status: "expired", paymentId: null, amount: 0, currencyCode: "" };
      return { status: "paid", paymentId: sessionId, amount: 0, currencyCode: payment.currencyCode };
    },

    // A free session was "paid" the moment the shopper asked to pay: expiring it is too late.
    async expireSession() {
      return "paid";
    },

    async refund(paymentId, _amount, idempotencyKey) {
      await onRefunded(paymentId);
      return { refundId: `re_${idempotencyKey}` };
    },

    // Nothing leaves the store for a zero-total order.
    async forgetCustomer() {},

    parseWebhook() {
      throw new WebhookSignatureError("the free provider sends no webhooks");
    },
  };
}
