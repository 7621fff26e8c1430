import { appContext } from "../context.ts";
import { LeaveAppPage } from "../features/china/ChinaTripPage.tsx";
import { loadChinaPopup } from "../features/china/china.server.ts";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/gogochina.popup-content";

export const handle = { messages: ["content", "pages"] } satisfies MessagesHandle;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const store = pageMessage(matches, "app.name") ?? "eSIM";
  return [{ title: loaderData ? `${loaderData.document.title} | ${store}` : store }];
}

// spec 2 /gogochina/popupContent: the pop-up the China-trip pages open, on its own for the app's web view.
export function loader({ context }: Route.LoaderArgs) {
  return loadChinaPopup(context.get(appContext));
}

export default function GoGoChinaPopup({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 pt-6">
        <h1 className="text-2xl font-bold text-slate-900">{loaderData.document.title}</h1>
        <LeaveAppPage className="rounded-full border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50" />
      </div>
      <ContentPage
        document={loaderData.document}
        blocks={loaderData.blocks}
        assumedWidth={loaderData.assumedWidth}
      />
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
