import { translate } from "../../core/i18n/index.ts";
import { appContext } from "../context.ts";
import { ContinentTabs } from "../features/catalog/ContinentTabs.tsx";
import { useI18n } from "../lib/i18n.tsx";
import { rootMessages } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/category";

export const handle = { messages: ["discovery"] } satisfies MessagesHandle;

// spec 2 /category (store): the continent list of GET /o2md/v1/cmi-country-continent/pub/list, in-process.
export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: info } = context.get(appContext);
  return {
    continents: await services.catalog.continentList(info.locale),
    title: translate(info.locale, "discovery.storeTitle"),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: `${loaderData?.title ?? ""} | ${rootMessages(matches)?.["app.name"] ?? "eSIM"}` }];
}

export default function CategoryStore({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="mx-auto max-w-[1300px] px-4 py-6 md:px-6 md:py-10">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 md:text-3xl">{t("discovery.storeTitle")}</h1>
      <ContinentTabs continents={loaderData.continents} />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
