import type { OrderStatus } from "./order-status.ts";

/**
 * The order list's status tabs (ADR 0115): what a shopper asks ("is it paid? is it done?") rather than every
 * lifecycle state. "all" has no filter; each other tab is a set of lifecycle states.
 */
export const ORDER_TABS = ["all", "unpaid", "inProgress", "completed", "closed"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

export const ORDER_TAB_STATUSES: Record<Exclude<OrderTab, "all">, readonly OrderStatus[]> = {
  unpaid: ["PENDING_PAYMENT"],
  inProgress: ["PAID", "FULFILLING"],
  completed: ["COMPLETED"],
  closed: ["CANCELLED", "REFUNDING", "REFUNDED"],
};

export function isOrderTab(value: unknown): value is OrderTab {
  return typeof value === "string" && (ORDER_TABS as readonly string[]).includes(value);
}

/** A provider's payment id as the shopper sees it: enough to quote to support, not enough to reuse. */
export function maskPaymentId(id: string | null | undefined): string | null {
  if (!id) return null;
  if (id.length <= 8) return `${"•".repeat(Math.max(0, id.length - 2))}${id.slice(-2)}`;
  return `${id.slice(0, 4)}••••${id.slice(-4)}`;
}
