// An order's lifecycle states (ADR 0102). The rule lives here, in core/, so browser code, forms and query schemas
// read it without importing the database schema; db/schema/orders.ts types its column with it.
export const ORDER_STATUSES = [
  "PENDING_PAYMENT",
  "PAID",
  "FULFILLING",
  "COMPLETED",
  "CANCELLED",
  "REFUNDING",
  "REFUNDED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
