import { appContext } from "../context.ts";
import { NoticeList } from "../features/notifications/NoticeList.tsx";
import { NoticePreferences } from "../features/notifications/NoticePreferences.tsx";
import { loadNotifications } from "../features/notifications/notifications.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.push";

export const handle = { messages: ["notifications"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "notify.title", { noindex: true });
}

// Each protected page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export function loader({ context, request, url }: Route.LoaderArgs) {
  return loadNotifications(context.get(appContext), request, url);
}

// spec 2 /ucenter/push: what the store has told the shopper, and how they want to hear it (ADR 0204).
export default function UcenterPush({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{t("notify.title")}</h1>
      <section aria-labelledby="notices-heading">
        <h2 id="notices-heading" className="sr-only">
          {t("notify.title")}
        </h2>
        <NoticeList notices={loaderData.notices} />
      </section>
      <section aria-labelledby="notice-prefs" className="mt-10">
        <h2 id="notice-prefs" className="text-lg font-semibold text-slate-900">
          {t("notify.prefs.title")}
        </h2>
        <NoticePreferences initial={loaderData.preferences} />
      </section>
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
