import { appContext } from "../context.ts";
import { loadPublishedVariant } from "../features/content-blocks/load-page.server.ts";
import type { Route } from "./+types/content.variant";

// ADR 0285: another width variant of a published content page (home, a landing page), read by ContentPage through
// useFetcher when the measured width picks a variant the document did not carry.
export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadPublishedVariant(context.get(appContext), request, url);
}
