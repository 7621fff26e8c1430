import { appContext } from "../context.ts";
import { ChinaTripPage } from "../features/china/ChinaTripPage.tsx";
import { loadChinaTrip } from "../features/china/china.server.ts";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/gogochina-app";

export const handle = { messages: ["content", "pages"] } satisfies MessagesHandle;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = pageMessage(matches, "app.name") ?? "eSIM";
  return [
    { title: loaderData ? `${loaderData.document.title} | ${store}` : store },
    { name: "robots", content: "noindex" },
  ];
}

// spec 2 /gogochinaApp: the China-trip page inside the app: its links open native pages through /uniapp and the
// bridge, and "Done" closes the web view (spec 1).
export function loader({ context }: Route.LoaderArgs) {
  return loadChinaTrip(context.get(appContext));
}

export default function GoGoChinaApp({ loaderData }: Route.ComponentProps) {
  return <ChinaTripPage data={loaderData} inApp />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
