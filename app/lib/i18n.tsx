import { useMatches, useRouteLoaderData } from "react-router";
import type { Locale } from "../../core/constants.ts";
import { format, type LocaleBundleName, localeBundle, type MessageKey } from "../../core/i18n/index.ts";
import { localePath } from "../../core/locale-path.ts";
import { type CurrencyFormat, formatPrice } from "../../core/money.ts";
import type { loader as rootLoader } from "../root.tsx";
import { withBundledMessages } from "./root-messages.ts";

export type RootData = Awaited<ReturnType<typeof rootLoader>>;

export function useRootData(): RootData {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("root loader data missing");
  return data;
}

type MessageMap = Partial<Record<MessageKey, string>>;

// The shell's messages merged with one feature layout's (app/lib/feature-messages.ts), built once per pair.
const merged = new WeakMap<MessageMap, WeakMap<MessageMap, MessageMap>>();
const reported = new Set<string>();

function withFeatureMessages(
  root: MessageMap,
  matches: ReturnType<typeof useMatches>,
  locale: Locale,
): MessageMap {
  let messages = root;
  for (const match of matches) {
    const feature = featureMessagesOf(match, locale);
    if (!feature || feature === root) continue;
    const byFeature = merged.get(messages) ?? new WeakMap<MessageMap, MessageMap>();
    merged.set(messages, byFeature);
    const both = byFeature.get(feature) ?? { ...messages, ...feature };
    byFeature.set(feature, both);
    messages = both;
  }
  return messages;
}

/**
 * A feature layout's messages: its locale bundle's (ADR 0293), named by its `handle`, or its loader data's
 * (app/lib/feature-messages.ts).
 */
export function featureMessagesOf(
  match: { handle?: unknown; loaderData?: unknown } | undefined,
  locale: Locale,
): MessageMap | undefined {
  const bundle = (match?.handle as { localeBundle?: LocaleBundleName } | undefined)?.localeBundle;
  if (bundle) return localeBundle(bundle, locale).messages;
  return (match?.loaderData as { messages?: MessageMap } | undefined)?.messages;
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
        // A key outside the shell's modules needs its feature layout around the page (routes.ts).
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
