import type { OrderStatus } from "../../../db/schema/index.ts";

const TONES: Record<OrderStatus, string> = {
  PENDING_PAYMENT: "bg-amber-100 text-amber-900",
  PAID: "bg-brand-50 text-brand-900",
  FULFILLING: "bg-brand-50 text-brand-900",
  COMPLETED: "bg-emerald-100 text-emerald-900",
  CANCELLED: "bg-slate-200 text-slate-800",
  REFUNDING: "bg-rose-100 text-rose-900",
  REFUNDED: "bg-slate-200 text-slate-800",
};

/** An order's status as a coloured label; the text (not the colour) carries the meaning. */
export function StatusBadge({ status, name }: { status: OrderStatus; name: string }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
      data-status={status}
    >
      {name}
    </span>
  );
}
