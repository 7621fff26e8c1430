import { z } from "zod";
import { COUPON_CODE_PATTERN } from "./ids.ts";

/**
 * A coupon or promo code: trimmed, refused as unknown when malformed, upper-cased. Its own file, apart from the
 * other ID contracts (core/ids.ts), because it names a checkout message that pages importing ids.ts do not load.
 */
export const couponCode = () =>
  z
    .string()
    .trim()
    .regex(COUPON_CODE_PATTERN, "purchase.coupon.unknown")
    .transform((code) => code.toUpperCase());
