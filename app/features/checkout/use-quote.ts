import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { type QuoteAnswer, quoteSearch } from "./quote.ts";
import type { CheckoutRequest, Quote } from "./types.ts";

/** A quote the route refused, with the API's message and the field at fault (spec 8). */
export type QuoteFailure = Extract<QuoteAnswer, { failed: true }>;

/**
 * The server's total for what is on screen (ADR 0110, ADR 0208), from the checkout/quote resource route through
 * the router's own fetcher: a new request cancels the one in flight, so an older quantity or code never lands on
 * the page. The loader priced the page's own line; that quote stands while the line is the loader's.
 */
export function useQuote({
  request,
  enabled,
  initial,
  onFailed,
}: {
  request: CheckoutRequest;
  /** Only a logged-in shopper is quoted. */
  enabled: boolean;
  /** The loader's quote, for the line it read from the page's URL. */
  initial: Quote | null;
  /** A refused quote (a code that stopped applying, a top-up the server refuses). */
  onFailed: (failure: QuoteFailure) => void;
}) {
  const { href } = useI18n();
  const fetcher = useFetcher<QuoteAnswer>();
  // The fetcher's load changes identity as it loads: read through an effect event, so only a new line re-runs it.
  const quoteLine = useEffectEvent((query: string) => fetcher.load(href(`/checkout/quote?${query}`)));
  const search = quoteSearch(request);
  const [loaderSearch] = useState(search);
  const loaderPriced = initial !== null && search === loaderSearch;

  useEffect(() => {
    if (enabled && !loaderPriced) void quoteLine(search);
  }, [enabled, loaderPriced, search]);

  const answer = fetcher.data;
  const failed = useEffectEvent(onFailed);
  useEffect(() => {
    if (answer && "failed" in answer) failed(answer);
  }, [answer]);

  const fetched = answer && "quote" in answer ? answer.quote : null;
  return { quote: loaderPriced ? initial : fetched, quoting: fetcher.state !== "idle" };
}
