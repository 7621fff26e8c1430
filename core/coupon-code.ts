import { z } from "zod";
import { COUPON_CODE_PATTERN } from "./ids.ts";

/**
 * A coupon or promo code as the API takes it: trimmed, refused as unknown when malformed, upper-cased. Apart
 * from core/ids.ts because its message key belongs to the purchase messages, which not every page is sent.
 */
export const couponCode = () =>
  z
    .string()
    .trim()
    .regex(COUPON_CODE_PATTERN, "purchase.coupon.unknown")
    .transform((code) => code.toUpperCase());
