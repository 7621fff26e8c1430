import { useMatches, useRouteLoaderData } from "react-router";
import type { Locale } from "../../core/constants.ts";
import { format, localeBundle, type MessageKey } from "../../core/i18n/index.ts";
import { localePath } from "../../core/locale-path.ts";
import { type CurrencyFormat, formatPrice } from "../../core/money.ts";
import type { loader as rootLoader } from "../root.tsx";
import { withBundledMessages } from "./root-messages.ts";
import { matchedMessages } from "./route-messages.ts";

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("root loader data missing");
  return data;
}

type MessageMap = Partial<Record<MessageKey, string>>;

// The shell's messages merged with the matched routes' feature bundles (app/lib/route-messages.ts), built once per
// combination.
const merged = new WeakMap<MessageMap, WeakMap<MessageMap, MessageMap>>();
const reported = new Set<string>();

function withFeatureMessages(
  root: MessageMap,
  matches: ReturnType<typeof useMatches>,
  locale: Locale,
): MessageMap {
  let messages = root;
  for (const feature of matchedMessages(matches, locale)) {
    const byFeature = merged.get(messages) ?? new WeakMap<MessageMap, MessageMap>();
    merged.set(messages, byFeature);
    const both = byFeature.get(feature) ?? { ...messages, ...feature };
    byFeature.set(feature, both);
    messages = both;
  }
  return messages;
}

/** Locale, translations, links and prices for the current page. */
export function useI18n() {
  const { locale, currency } = useRootData();
  const shell = withBundledMessages(locale, localeBundle("shell", locale).messages);
  const messages = withFeatureMessages(shell, useMatches(), locale);
  return {
    locale: locale as Locale,
    currency,
    t: (key: MessageKey, params?: Record<string, string | number>) => {
      const message = messages[key];
      if (message === undefined && !reported.has(key)) {
        // A key outside the shell's modules needs a bundle named by a matched route's handle (route-messages.ts).
        reported.add(key);
        console.error(`i18n: no message "${key}" on this page`);
      }
      return format(message ?? key, params, locale);
    },
    /** Whether a key built at run time (a status or method name) has a message on this page. */
    has: (key: string): key is MessageKey => Object.hasOwn(messages, key),
    href: (path: string) => localePath(locale, path, true),
    price: (amountMinor: number, withDecimals = true, override?: CurrencyFormat) =>
      formatPrice(amountMinor, override ?? currency, withDecimals),
  };
}
