import { z } from "zod";
import { PAYMENT_METHODS } from "./console-orders.ts";
import { SUPPLIER_NAMES } from "./esim-supplier.ts";
import { ICCID_PATTERN } from "./ids.ts";
import { ORDER_STATUSES } from "./order-status.ts";

/**
 * The console order list's query (issue 29), for the API route: apart from the answer's schema in
 * `console-orders.ts`, so the console page, which only parses answers, carries none of its message keys.
 */

const DateInput = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "validation.invalid");
const optional = <T extends z.ZodType>(schema: T) => schema.optional().or(z.literal(""));

export const ConsoleOrderSearch = z.object({
  /** The one search box: code (or its last characters), e-mail, name, phone, ICCID, plan or destination name. */
  q: z.string().trim().max(254).optional(),
  code: z.string().trim().max(32).optional(),
  email: z.string().trim().max(254).optional(),
  iccid: optional(z.string().trim().regex(ICCID_PATTERN, "validation.invalid")),
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
