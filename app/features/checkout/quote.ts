import type { Quote } from "./types.ts";

/** What the quote resource route answers: the quote, or the API's failure shape (spec 8). */
export type QuoteAnswer =
  | { quote: Quote }
  | { failed: true; code: string; message: string; fields?: Record<string, string> };

/** The line as the quote route's query (core/forms/checkout-line.ts): only what is set, in a fixed order. */
export function quoteSearch(line: {
  platformProductCode: string;
  quantity: number;
  couponCode?: string;
  promoCode?: string;
  topUpIccid?: string;
  creditMinor?: number;
}): string {
  const query = new URLSearchParams({
    platformProductCode: line.platformProductCode,
    quantity: String(line.quantity),
  });
  if (line.couponCode) query.set("couponCode", line.couponCode);
  if (line.promoCode) query.set("promoCode", line.promoCode);
  if (line.topUpIccid) query.set("topUpIccid", line.topUpIccid);
  if (line.creditMinor) query.set("creditMinor", String(line.creditMinor));
  return query.toString();
}
