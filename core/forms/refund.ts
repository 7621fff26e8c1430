import { z } from "zod";

// The shopper's refund forms (issue 29, ADR 0352): one schema for the API's bodies
// (server/modules/refund/routes.ts) and the order page's forms (app/features/orders/RefundPanel.tsx).

/** spec 5 '不能为空', from the validation messages the order pages carry (not the account forms'). */
const REQUIRED = "validation.required";

/** Where the money goes back: the card (or wallet) the order was paid with, or store credit at once. */
export const refundDestination = z.enum(["CARD", "CREDIT"], { error: REQUIRED });

/** The reason's length limits, shown beside the field. */
export const REFUND_REASON_MIN = 10;
export const REFUND_REASON_MAX = 1000;

/** POST /o2ord/v1/customer/orders/:code/cancel-esim: cancel an unused eSIM for a full refund. */
export const refundCancelSchema = z.object({ destination: refundDestination });

/** POST /o2ord/v1/customer/orders/:code/refund-requests: ask for a refund with a reason and a screenshot. */
export const refundRequestSchema = z.object({
  destination: refundDestination,
  reason: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(REFUND_REASON_MIN, "validation.tooShort")
    .max(REFUND_REASON_MAX, "validation.tooLong"),
  /** The mediaUrl of the shopper's screenshot, uploaded first through /o2cum/v1/customer/files (spec 5's rules). */
  screenshot: z.string().trim().max(300).nullable().optional(),
});
