import { useEffect, useEffectEvent, useState } from "react";
import { useFetcher } from "react-router";
import { useI18n } from "../../lib/i18n.tsx";
import { type QuoteAnswer, quoteSearch } from "./quote.ts";
import type { CheckoutRequest, Quote } from "./types.ts";

/** A quote the route refused, with the API's message and the field at fault (spec 8). */
export type QuoteFailure = Extract<QuoteAnswer, { failed: true }>;

/** What the loader answered for the line it read from the page's URL: a quote, a refusal, or nothing (a visitor). */
export interface LoaderQuote {
  /** The loader's line, as the quote route's query (`quoteSearch`). */
  line: string;
  answer: QuoteAnswer | null;
}

/**
 * The server's total for what is on screen (ADR 0110, ADR 0208, ADR 0289), from the checkout/quote resource route
 * through the router's own fetcher: a new request cancels the one in flight, so an older quantity or code never
 * lands on the page. The loader answered the page's own line (a quote, or the refusal the server rendered): that
 * answer stands while the line is the loader's, and the fetcher is only asked once the line changes. While a new
 * line is being priced, the last quote stays on screen (never none, which would hide the store credit and make
 * a ticked credit follow an offer of zero).
 */
export function useQuote({
  request,
  enabled,
  loader,
  onFailed,
}: {
  request: CheckoutRequest;
  /** Only a logged-in shopper is quoted. */
  enabled: boolean;
  loader: LoaderQuote;
  /** A refused quote (a code that stopped applying, a top-up the server refuses). */
  onFailed: (failure: QuoteFailure) => void;
}) {
  const { href } = useI18n();
  const fetcher = useFetcher<QuoteAnswer>();
  // The fetcher's load changes identity as it loads: read through an effect event, so only a new line re-runs it.
  const quoteLine = useEffectEvent((query: string) => fetcher.load(href(`/checkout/quote?${query}`)));
  const search = quoteSearch(request);
  const loaderAnswer = loader.answer;
  const loaderPriced = loaderAnswer !== null && search === loader.line;

  useEffect(() => {
    if (enabled && !loaderPriced) void quoteLine(search);
  }, [enabled, loaderPriced, search]);

  const failed = useEffectEvent((failure: QuoteFailure, fromLoader: boolean) => {
    // An answer for a line that is no longer on screen (the shopper went back to the loader's) is not shown.
    if (fromLoader || !loaderPriced) onFailed(failure);
  });
  // The loader's refusal on the first render is already on the page (the page's initial notice); one from a later
  // load of the page (after a login) is handled like a fetched one.
  const [firstLoaderAnswer] = useState(loaderAnswer);
  useEffect(() => {
    if (loaderAnswer && "failed" in loaderAnswer && loaderAnswer !== firstLoaderAnswer)
      failed(loaderAnswer, true);
  }, [loaderAnswer, firstLoaderAnswer]);
  const answer = fetcher.data;
  useEffect(() => {
    if (answer && "failed" in answer) failed(answer, false);
  }, [answer]);

  const loaderQuote = loaderAnswer && "quote" in loaderAnswer ? loaderAnswer.quote : null;
  let quote: Quote | null;
  if (loaderPriced) quote = loaderQuote;
  // The first fetch for a changed line is on its way: the loader's quote stays, shown as being updated.
  else if (answer === undefined) quote = loaderQuote;
  else quote = "quote" in answer ? answer.quote : null;
  return { quote, quoting: fetcher.state !== "idle" };
}

/**
 * What a refused quote does to the line on screen: a coupon or promo code the refusal names is taken off (with the
 * reason, never silently); any other refusal is only shown.
 */
export function refusalEffect(
  failure: QuoteFailure,
  line: { couponCode: string | null; promoCode: string | null },
): { removes: "couponCode" | "promoCode"; code: string } | null {
  if (failure.fields?.couponCode && line.couponCode) return { removes: "couponCode", code: line.couponCode };
  if (failure.fields?.promoCode && line.promoCode) return { removes: "promoCode", code: line.promoCode };
  return null;
}
