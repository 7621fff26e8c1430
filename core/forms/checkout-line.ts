import { z } from "zod";
import { QUANTITY_MAX, QUANTITY_MIN } from "../coupon.ts";
import { couponCode } from "../coupon-code.ts";
import { iccid, planCode } from "../ids.ts";

/**
 * What is being bought (ADR 0110, ADR 0208): the line the quote, the coupon list and the order share, as the API
 * body carries it and as the checkout's quote resource route reads it from its query.
 */
export const checkoutLineFields = {
  platformProductCode: planCode(),
  // spec 5: stepper defaults min 1, max 99.
  quantity: z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX),
  couponCode: couponCode().optional(),
  promoCode: couponCode().optional(),
  /** A top-up names the eSIM it adds data to (ICCID: 89 and 18 to 20 digits in all). */
  topUpIccid: iccid().optional(),
  /** Store credit to apply, minor units of the request's currency (the quote's credit.availableMinor; ADR 0241). */
  creditMinor: z.number().int().min(0).max(1_000_000_000).optional(),
};

/** The line as a query string carries it: every value a string, the quantity a number in text. */
export const checkoutLineQuery = z.object({
  ...checkoutLineFields,
  quantity: z.coerce.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX),
  creditMinor: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
});
