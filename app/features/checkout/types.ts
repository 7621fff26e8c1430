import type { CheckoutService } from "../../../server/modules/checkout/service.ts";
import type { PaymentService } from "../../../server/modules/payment/service.ts";

export type { CouponOption } from "../../../server/modules/checkout/coupon-options.ts";
export type { OrderView } from "../../../server/modules/order/service.ts";

/** POST /o2ord/v1/customer/checkout/quote: the server's total (ADR 0101). */
export type Quote = Awaited<ReturnType<CheckoutService["quote"]>>;
/** GET /o2ord/v1/customer/orders/{code}/status: what the pay result page polls. */
export type PaymentStatus = Awaited<ReturnType<PaymentService["status"]>>;

/** The body the quote, the coupon list and the order share. */
export interface CheckoutRequest {
  platformProductCode: string;
  quantity: number;
  couponCode?: string;
  promoCode?: string;
  contactEmail?: string;
  topUpIccid?: string;
  /** Store credit to apply, in the order's currency: the quote's credit.availableMinor (ADR 0241). */
  creditMinor?: number;
}

/** Statuses after which the pay result page stops polling. */
export const PAID_STATUSES = ["PAID", "FULFILLING", "COMPLETED"] as const;

export function isPaid(status: string): boolean {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

/** "…1234": the end of an ICCID, enough for the shopper to recognise the eSIM. */
export function iccidTail(iccid: string): string {
  return iccid.slice(-4);
}

/** mm:ss (or h:mm:ss) for a countdown, from milliseconds. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = String(minutes).padStart(hours > 0 ? 2 : 1, "0");
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}
