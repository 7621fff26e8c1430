import { appContext } from "../context.ts";
import { ChinaTripPage } from "../features/china/ChinaTripPage.tsx";
import { loadChinaTrip } from "../features/china/china.server.ts";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/gogochina";

export const handle = { messages: ["content", "pages"] } satisfies MessagesHandle;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = pageMessage(matches, "app.name") ?? "eSIM";
  return [{ title: loaderData ? `${loaderData.document.title} | ${store}` : store }];
}

// spec 2 /gogochina: the China-trip landing page for the web, a content page operators edit (issue 10).
export function loader({ context }: Route.LoaderArgs) {
  return loadChinaTrip(context.get(appContext));
}

export default function GoGoChina({ loaderData }: Route.ComponentProps) {
  return <ChinaTripPage data={loaderData} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
