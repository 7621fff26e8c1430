import { z } from "zod";
import { email } from "./fields.ts";

/**
 * The checkout's contact details as the order request carries them (ADR 0110, ADR 0206): one schema for the
 * server's order and quote bodies and for the browser's check before it sends them. The e-mail follows spec 5
 * (core/validation.ts); the optional phone for support is "+<area code> <digits>", as the area-code picker and
 * the phone field give it.
 */
export const checkoutContactFields = {
  contactEmail: email().optional(),
  contactPhone: z
    .string()
    .regex(/^\+\d{1,4} \d{4,15}$/)
    .optional(),
};

export const checkoutContactSchema = z.object(checkoutContactFields);
