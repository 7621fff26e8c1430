import type { Locale } from "../../core/constants.ts";
import type { MessageKey } from "../../core/i18n/index.ts";
import { withBundledMessages } from "./root-messages.ts";

type Messages = Partial<Record<MessageKey, string>>;
type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/**
 * The page locale's messages, which the root loader sends (ADR 0005) with those the browser build holds
 * (app/lib/root-messages.ts); absent when the root loader failed.
 */
export function rootMessages(matches: Matches): Messages | undefined {
  const root = matches[0]?.loaderData as { locale?: Locale; messages?: Messages } | undefined;
  return root?.messages && root.locale ? withBundledMessages(root.locale, root.messages) : undefined;
}

/** A message from the root's or a feature layout's messages (app/lib/feature-messages.ts). */
export function pageMessage(matches: Matches, key: MessageKey): string | undefined {
  for (const [index, match] of matches.entries()) {
    const messages =
      index === 0
        ? rootMessages(matches)
        : (match?.loaderData as { messages?: Messages } | undefined)?.messages;
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
