import { data } from "react-router";
import { checkoutLineQuery } from "../../../core/forms/checkout-line.ts";
import { apiErrorBody } from "../../../server/http/api-errors.ts";
import { isApiError, unauthorized } from "../../../server/http/errors.ts";
import { parseInput } from "../../../server/http/validate.ts";
import type { AppLoadContext } from "../../context.ts";
import type { QuoteAnswer } from "./quote.ts";
import type { Quote } from "./types.ts";

/**
 * The checkout's quote resource route (ADR 0208): the same use case, input rules and failure shape as
 * POST /o2ord/v1/customer/checkout/quote, for the shopper of this request, read from the query.
 */
export async function quoteAnswer(app: AppLoadContext, url: URL) {
  const { request, services } = app;
  try {
    const customer = await request.customer();
    if (!customer) throw unauthorized();
    const line = parseInput(checkoutLineQuery, Object.fromEntries(url.searchParams));
    const quote = await services.checkout.quote(customer, line, request.currency, request.locale);
    return data<QuoteAnswer>({ quote }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    if (!isApiError(error)) throw error;
    return data<QuoteAnswer>(apiErrorBody(error, request.locale), {
      status: error.status,
      headers: { "cache-control": "private, no-store" },
    });
  }
}

/**
 * The checkout loader's answer for its own line (ADR 0289): the quote, or the refusal in the route's shape, so the
 * page shows it from the first render. Anything but a refusal gives null: the page still shows the plan, and the
 * browser asks the route again.
 */
export function loaderAnswer(quote: Promise<Quote>, locale: AppLoadContext["request"]["locale"]) {
  return quote.then(
    (priced): QuoteAnswer => ({ quote: priced }),
    (error: unknown): QuoteAnswer | null => (isApiError(error) ? apiErrorBody(error, locale) : null),
  );
}

/**
 * The coupon the store picked for the checkout's line (issue 30), or none when the line is refused (a top-up that
 * is not the shopper's): the loader's quote then gives the refusal, as without a pick.
 */
export function pickedOrNone(picked: Promise<string | null>): Promise<string | null> {
  return picked.catch((error: unknown) => {
    if (isApiError(error)) return null;
    throw error;
  });
}
