import type { Locale } from "../../core/constants.ts";
import { localeBundle, type MessageKey } from "../../core/i18n/index.ts";
import { withBundledMessages } from "./root-messages.ts";
import { matchedMessages } from "./route-messages.ts";

type Messages = Partial<Record<MessageKey, string>>;
type Matches = readonly ({ loaderData?: unknown; handle?: unknown } | undefined)[];

function rootLocale(matches: Matches): Locale | undefined {
  return (matches[0]?.loaderData as { locale?: Locale } | undefined)?.locale;
}

/**
 * The page locale's shell messages (its "shell" locale bundle, ADR 0293) with those the browser build holds
 * (app/lib/root-messages.ts); absent when the root loader failed.
 */
export function rootMessages(matches: Matches): Messages | undefined {
  const locale = rootLocale(matches);
  return locale ? withBundledMessages(locale, localeBundle("shell", locale).messages) : undefined;
}

/** A message from the root's messages or the bundles the matched routes name (app/lib/route-messages.ts). */
export function pageMessage(matches: Matches, key: MessageKey): string | undefined {
  const locale = rootLocale(matches);
  if (!locale) return undefined;
  for (const messages of [rootMessages(matches), ...matchedMessages(matches, locale)]) {
    const message = messages?.[key];
    if (message !== undefined) return message;
  }
  return undefined;
}

/** A page's `<title>` ("Page | Store") and, for account pages, `noindex`: the shape every route's meta shares. */
export function pageMeta(
  matches: Matches,
  titleKey: MessageKey,
  options: { noindex?: boolean; descriptionKey?: MessageKey } = {},
) {
  const messages = rootMessages(matches);
  const store = messages?.["app.name"] ?? "eSIM";
  const page = pageMessage(matches, titleKey);
  const tags: ({ title: string } | { name: string; content: string })[] = [
    { title: page ? `${page} | ${store}` : store },
  ];
  if (options.descriptionKey)
    tags.push({ name: "description", content: pageMessage(matches, options.descriptionKey) ?? "" });
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
