import { data, redirect } from "react-router";
import { DEFAULT_SITE_CODE, isLocale } from "../../core/constants.ts";
import { localePath, splitLocale } from "../../core/locale-path.ts";
import { appContext } from "../context.ts";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { loadPreviewPage } from "../features/content-blocks/load-page.server.ts";
import { assumedWidth } from "../features/content-blocks/variant.ts";
import { useI18n } from "../lib/i18n.tsx";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/preview";

export const handle = { messages: ["content"] } satisfies MessagesHandle;

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

const CODE = /^[A-Za-z0-9_-]{1,64}$/;
const CHANNEL = /^[A-Z_]{2,16}$/;
const code = (value: string | null) => (value && CODE.test(value) ? value : undefined);

// spec 2: /preview/{id}?type=subPage|template&siteCode&channel&lang&shopCode&tenantId renders an unpublished page:
// in the language `lang` names (the path's prefix follows it), with links and the assumed width of `channel`,
// and content calls naming `shopCode` and `tenantId` (x-online-shop, x-tenant).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const id = Number(params.id);
  if ((type !== "subPage" && type !== "template") || !Number.isSafeInteger(id) || id <= 0)
    throw data(null, { status: 404 });
  const lang = url.searchParams.get("lang")?.replace("-", "_");
  if (isLocale(lang) && splitLocale(url.pathname).locale !== lang)
    throw redirect(`${localePath(lang, `/preview/${id}`, true)}${url.search}`);
  const site = code(url.searchParams.get("siteCode")) ?? DEFAULT_SITE_CODE;
  const channel = url.searchParams.get("channel")?.toUpperCase();
  const app = context.get(appContext);
  // Issue 17 (ADR 0272): only a link the console signed opens a draft; any other id is a 404, never a hint.
  const signed = app.services.pageEditor.verifyPreview(
    id,
    type,
    site,
    url.searchParams.get("expires"),
    url.searchParams.get("sig"),
  );
  if (!signed) throw data(null, { status: 404 });
  const page = await loadPreviewPage(app, site, id);
  const linkChannel = channel && CHANNEL.test(channel) ? channel : undefined;
  return {
    ...page,
    ...(linkChannel ? { assumedWidth: assumedWidth(linkChannel) } : {}),
    linkChannel,
    shop: {
      onlineShopCode: code(url.searchParams.get("shopCode")),
      tenantId: code(url.searchParams.get("tenantId")),
    },
  };
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
        linkChannel={loaderData.linkChannel}
        shop={loaderData.shop}
        preview
      />
    </>
  );
}
