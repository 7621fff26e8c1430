import type { ShouldRevalidateFunctionArgs } from "react-router";
import { splitLocale } from "../../core/locale-path.ts";

/**
 * Feature message layouts (ADR 0005): a pathless layout route around a feature's pages sends that feature's
 * messages once, and keeps them while the shopper moves between its pages; only a new locale reloads them.
 */
export function featureMessagesRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return splitLocale(currentUrl.pathname).locale !== splitLocale(nextUrl.pathname).locale;
}
