import { isPhoneBrowser } from "../../core/phone-browser.ts";
import { appContext } from "../context.ts";
import { ContentPage } from "../features/content-blocks/ContentPage.tsx";
import { homeRowCards, loadPublishedPage } from "../features/content-blocks/load-page.server.ts";
import { assumedWidth, SERVER_WIDTH } from "../features/content-blocks/variant.ts";
import { pageMessage } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/home";

export const handle = { messages: ["content"] } satisfies MessagesHandle;

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
export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // ADR 0143: a phone's browser gets the small variant from the server (the HTML cache keys by it), so the page
  // does not re-render a different variant, shifting the layout and replacing the painted hero, after hydration.
  const phone = isPhoneBrowser(request.headers.get("user-agent"), request.headers.get("sec-ch-ua-mobile"));
  // ADR 0285: the document carries only that variant; another is fetched if the measured width picks it. ADR 0296:
  // its horizontal plan rows carry their first cards, the rest come on "Show all".
  return loadPublishedPage(
    app,
    { pageType: "HOME" },
    {
      assumedWidth: phone ? SERVER_WIDTH.other : assumedWidth(app.request.channel),
      firstViewOnly: true,
      rowCards: homeRowCards(request),
    },
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="sr-only">{loaderData.document.title}</h1>
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
