import { appContext } from "../context.ts";
import { HelpCentre } from "../features/help/HelpCentre.tsx";
import { loadHelpCentre } from "../features/help/help.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.help";

export const handle = { messages: ["pages"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "help.title");
}

// spec 2 /ucenter/help (with search): public; ?keyword= searches (ADR 0201).
export function loader({ context, request }: Route.LoaderArgs) {
  return loadHelpCentre(context.get(appContext), new URL(request.url));
}

export default function HelpCentrePage({ loaderData }: Route.ComponentProps) {
  return <HelpCentre centre={loaderData} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
