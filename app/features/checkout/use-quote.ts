import { useEffect, useRef, useState } from "react";
import { useApi } from "../../lib/api.ts";
import type { HttpError } from "../../lib/http/client.ts";
import type { CheckoutRequest, Quote } from "./types.ts";

/**
 * The server's total for what is on screen (ADR 0110): asked again whenever the request changes. An answer that
 * arrives after the request changed again is dropped (the effect's own cleanup marks it stale, React's pattern
 * for racing fetches), so the total never shows an older quantity or code. The loader's quote is the first one.
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
  initial: Quote | null;
  /** A refused quote (a code that stopped applying, a top-up the server refuses). */
  onFailed: (error: HttpError) => void;
}) {
  const api = useApi();
  const [quote, setQuote] = useState<Quote | null>(initial);
  const [quoting, setQuoting] = useState(false);
  // The loader already priced the first request; the first run only asks when it did not.
  const loaderPriced = useRef(true);
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    if (!enabled) {
      setQuoting(false);
      return;
    }
    if (loaderPriced.current) {
      loaderPriced.current = false;
      if (initial) return;
    }
    let stale = false;
    setQuoting(true);
    api
      .post<Quote>("/o2ord/v1/customer/checkout/quote", request, {
        onFailed: (error) => {
          if (!stale) failed.current(error);
        },
        autoLogin: false,
      })
      .then((quoted) => {
        if (!stale) setQuote(quoted);
      })
      .catch(() => undefined)
      .finally(() => {
        if (!stale) setQuoting(false);
      });
    return () => {
      stale = true;
    };
  }, [api, enabled, request, initial]);

  return { quote, quoting };
}
