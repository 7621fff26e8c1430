import { appContext } from "../context.ts";
import { InfoPage } from "../features/pages/InfoPage.tsx";
import { loadInfoPage } from "../features/pages/pages.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.about-us";

export const handle = { messages: ["pages"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "pages.about.title");
}

// spec 2 /ucenter/about-us: public, the operator's page in the shopper's language (ADR 0200).
export function loader({ context }: Route.LoaderArgs) {
  return loadInfoPage(context.get(appContext), "about-us");
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
