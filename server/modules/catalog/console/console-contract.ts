import { z } from "zod";
import { consoleContract } from "../../admin/contract.ts";

// The console's catalogue and pricing endpoints as contracts (issue 33 item 1, ADR 0407; issue 16, ADRs 0230-0231).

export const CurrencyInfo = z.object({
  code: z.string(),
  rateFromBase: z.string(),
  minorDigits: z.number(),
  enabled: z.boolean(),
});
export type CurrencyInfo = z.infer<typeof CurrencyInfo>;

export const PriceRule = z.object({
  id: z.number(),
  destinationCode: z.string().nullable(),
  platformProductCode: z.string().nullable(),
  markupBp: z.number(),
  floorUsdCents: z.number(),
});

/** Price rules, roundings and FX rates (ADR 0231). */
export const pricing = consoleContract({
  method: "GET",
  path: "/pricing",
  permission: "catalog.read",
  response: z.object({
    rules: z.array(PriceRule),
    roundings: z.array(z.object({ currencyCode: z.string(), step: z.number(), ending: z.number() })),
    rates: z.array(CurrencyInfo),
  }),
});
