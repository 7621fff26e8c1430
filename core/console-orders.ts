import { z } from "zod";
import { ORDER_STATUSES } from "../db/schema/orders.ts";
import { SUPPLIER_NAMES } from "./esim-supplier.ts";

/**
 * The console's order list (issues 16 and 29): its query and its answer, declared once for the API route and
 * the console page (which parses the answer with the same schema instead of casting it).
 */

/** How an order was paid: the payment providers' names (the "free" provider pays zero totals, ADR 0121). */
export const PAYMENT_METHODS = ["sandbox", "stripe", "free"] as const;

const DateInput = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalid");
const optional = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal(""));

export const ConsoleOrderSearch = z.object({
  /** The one search box: code (or its last characters), e-mail, name, phone, ICCID, plan or destination name. */
  q: z.string().trim().max(254).optional(),
  code: z.string().trim().max(32).optional(),
  email: z.string().trim().max(254).optional(),
  iccid: optional(
    z
      .string()
      .trim()
      .regex(/^\d{18,22}$/, "validation.invalid"),
  ),
  from: optional(DateInput),
  to: optional(DateInput),
  status: optional(z.enum(ORDER_STATUSES)),
  payment: optional(z.enum(PAYMENT_METHODS)),
  supplier: optional(z.enum(SUPPLIER_NAMES)),
  currency: optional(z.string().regex(/^[A-Z]{3}$/, "validation.invalid")),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleOrderSearchInput = z.infer<typeof ConsoleOrderSearch>;

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
