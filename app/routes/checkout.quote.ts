import { appContext } from "../context.ts";
import { quoteAnswer } from "../features/checkout/quote.server.ts";
import type { Route } from "./+types/checkout.quote";

// The checkout's total for the line on screen (ADR 0208), read by the page through useFetcher: a resource route,
// so the router drops an answer a newer request has overtaken.
export async function loader({ context, url }: Route.LoaderArgs) {
  return quoteAnswer(context.get(appContext), url);
}
