import { appContext } from "../context.ts";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { loadPublishedPage } from "../features/content-blocks/load-page.server.ts";
import { pageMessage } from "../lib/meta.ts";
import type { Route } from "./+types/home";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const title = loaderData?.document.title || pageMessage(matches, "app.name") || "eSIM";
  return [
    { title },
    {
      name: "description",
      content: pageMessage(matches, "content.home.description") ?? pageMessage(matches, "app.tagline") ?? "",
    },
  ];
}

// spec 2: home is built from the published HOME content page of the locale.
export async function loader({ context }: Route.LoaderArgs) {
  return loadPublishedPage(context.get(appContext), { pageType: "HOME" });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="sr-only">{loaderData.document.title}</h1>
      <ContentPage
        document={loaderData.document}
        blocks={loaderData.blocks}
        assumedWidth={loaderData.assumedWidth}
      />
    </>
  );
}
