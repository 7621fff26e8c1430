import { data } from "react-router";
import { DEFAULT_SITE_CODE } from "../../core/constants.ts";
import { appContext } from "../context.ts";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { loadPreviewPage } from "../features/content-blocks/load-page.server.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMessage } from "../lib/meta.ts";
import type { Route } from "./+types/preview";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = (pageMessage(matches, "content.preview.title") ?? "{title}").replace(
    "{title}",
    loaderData?.document.title ?? "",
  );
  // A preview is never indexed.
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return { "x-robots-tag": "noindex", "cache-control": "no-store" };
}

// spec 2: /preview/{id}?type=subPage|template&siteCode&channel&lang… renders an unpublished page.
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const id = Number(params.id);
  if ((type !== "subPage" && type !== "template") || !Number.isSafeInteger(id) || id <= 0)
    throw data(null, { status: 404 });
  const siteCode = url.searchParams.get("siteCode");
  const site = siteCode && /^[A-Za-z0-9_]{1,64}$/.test(siteCode) ? siteCode : DEFAULT_SITE_CODE;
  return loadPreviewPage(context.get(appContext), site, id);
}

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
        {t("content.preview.notice")}
      </p>
      <h1 className="sr-only">{loaderData.document.title}</h1>
      <ContentPage
        document={loaderData.document}
        blocks={loaderData.blocks}
        assumedWidth={loaderData.assumedWidth}
        preview
      />
    </>
  );
}
