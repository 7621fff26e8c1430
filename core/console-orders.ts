import { z } from "zod";

/**
 * The console's order list (issues 16 and 29): its query and its answer, declared once for the API route and
 * the console page (which parses the answer with the same schema instead of casting it).
 */

/** How an order was paid: the payment providers' names (the "free" provider pays zero totals, ADR 0121). */
export const PAYMENT_METHODS = ["sandbox", "stripe", "free"] as const;

/** The filters a saved view or a link keeps (everything but the page). */
export const CONSOLE_ORDER_FILTERS = [
  "q",
  "code",
  "email",
  "iccid",
  "from",
  "to",
  "status",
  "payment",
  "supplier",
  "currency",
] as const;

export const ConsoleOrderRecord = z.object({
  code: z.string(),
  status: z.string(),
  contactEmail: z.string(),
  planTitle: z.string(),
  quantity: z.number().int(),
  total: z.number().int(),
  currencyCode: z.string(),
  paymentProvider: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ConsoleOrderRecord = z.infer<typeof ConsoleOrderRecord>;

export const ConsoleOrderPage = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  records: z.array(ConsoleOrderRecord),
});
export type ConsoleOrderPage = z.infer<typeof ConsoleOrderPage>;

/** The CSV export's answer (POST /o2adm/v1/orders/export): the file and how many rows it holds of those matched. */
export const ConsoleOrderExport = z.object({
  fileName: z.string(),
  rows: z.number().int(),
  matched: z.number().int(),
  csv: z.string(),
});
