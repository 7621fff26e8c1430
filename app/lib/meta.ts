import type { MessageKey } from "../../core/i18n/index.ts";

type Messages = Partial<Record<MessageKey, string>>;
type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/** The page locale's messages, which the root loader sends (ADR 0005); absent when the root loader failed. */
export function rootMessages(matches: Matches): Messages | undefined {
  return (matches[0]?.loaderData as { messages?: Messages } | undefined)?.messages;
}

/** A message from the root's or a feature layout's messages (app/lib/feature-messages.ts). */
export function pageMessage(matches: Matches, key: MessageKey): string | undefined {
  for (const match of matches) {
    const message = (match?.loaderData as { messages?: Messages } | undefined)?.messages?.[key];
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
