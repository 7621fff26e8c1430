import { appContext } from "../context.ts";
import { HelpArticle } from "../features/help/HelpArticle.tsx";
import { loadHelpArticle } from "../features/help/help.server.ts";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.help.article";

export const handle = { messages: ["pages"] } satisfies MessagesHandle;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = pageMessage(matches, "app.name") ?? "eSIM";
  const title = loaderData?.title ?? pageMessage(matches, "help.title");
  return [
    { title: title ? `${title} | ${store}` : store },
    ...(loaderData ? [{ name: "description", content: loaderData.summary }] : []),
  ];
}

// /ucenter/help/{slug}: a help article (issue 10); an unknown one is the spec's 404.
export function loader({ context, params }: Route.LoaderArgs) {
  return loadHelpArticle(context.get(appContext), params.slug);
}

export default function HelpArticlePage({ loaderData }: Route.ComponentProps) {
  return <HelpArticle article={loaderData} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
