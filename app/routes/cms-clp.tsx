import { data } from "react-router";
import { appContext } from "../context.ts";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { LandingTitle } from "../features/content-blocks/LandingTitle.tsx";
import { loadPublishedPage } from "../features/content-blocks/load-page.server.ts";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/cms-clp";

export const handle = { messages: ["content"] } satisfies MessagesHandle;

const PAGE_CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.title ?? pageMessage(matches, "app.name") ?? "eSIM";
  return [
    { title },
    {
      name: "description",
      content: (pageMessage(matches, "content.landing.description") ?? "{title}").replace("{title}", title),
    },
  ];
}

// spec 2 /cmsCLP?pageCode=&pageName=: a landing page built from content blocks. A bad or unknown code is a 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const pageCode = url.searchParams.get("pageCode") ?? "";
  if (!PAGE_CODE.test(pageCode)) throw data(null, { status: 404 });
  const page = await loadPublishedPage(context.get(appContext), { pageCode }, { firstViewOnly: true });
  const pageName = url.searchParams.get("pageName")?.slice(0, 120);
  return { ...page, title: pageName || page.document.title };
}

export default function ContentLandingPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LandingTitle title={loaderData.title} />
      <ContentPage
        document={loaderData.document}
        blocks={loaderData.blocks}
        assumedWidth={loaderData.assumedWidth}
        sentVariant={loaderData.sentVariant}
        variantsFrom={loaderData.variantsFrom}
      />
    </>
  );
}
