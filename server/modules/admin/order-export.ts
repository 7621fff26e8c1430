import type { Database } from "../../../db/client.ts";
import type { ConsoleOrderQuery, OrderService } from "../order/service.ts";
import { recordAudit } from "./audit.ts";

/** At most this many orders in one export (the newest first); the answer says when more matched. */
export const ORDER_EXPORT_LIMIT = 5000;

const COLUMNS = [
  "code",
  "status",
  "created_at",
  "paid_at",
  "contact_email",
  "contact_phone",
  "plan_code",
  "plan_title",
  "quantity",
  "currency",
  "subtotal_minor",
  "coupon_discount_minor",
  "promo_discount_minor",
  "credit_minor",
  "total_minor",
  "payment_provider",
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe (OWASP
 * "CSV injection"): an e-mail or plan title is the shopper's or merchandiser's text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The console's order export (issue 29 item 3): the orders a search matches, as CSV, with an audit entry naming
 * the operator, the filters and how many rows left the store. Amounts are integer minor units, times ISO UTC.
 */
export function createOrderExport(deps: { db: Database; order: Pick<OrderService, "consoleSearch"> }) {
  return {
    async run(operatorId: string, query: ConsoleOrderQuery, filters: Record<string, string>) {
      const { rows, total } = await deps.order.consoleSearch(query, 1, ORDER_EXPORT_LIMIT);
      const lines = [COLUMNS.join(",")];
      for (const row of rows) {
        lines.push(
          [
            row.code,
            row.status,
            row.createdAt.toISOString(),
            row.paidAt?.toISOString() ?? null,
            row.contactEmail,
            row.contactPhone,
            row.platformProductCode,
            row.planTitle,
            row.quantity,
            row.currencyCode,
            row.subtotal,
            row.couponDiscount,
            row.promoDiscount,
            row.creditAmount,
            row.total,
            row.paymentProvider,
          ]
            .map(csvCell)
            .join(","),
        );
      }
      await recordAudit(deps.db, {
        operatorId,
        action: "order.export",
        entity: "order",
        entityId: "export",
        after: { filters, rows: rows.length, matched: total },
      });
      return { rows: rows.length, matched: total, csv: `${lines.join("\r\n")}\r\n` };
    },
  };
}
