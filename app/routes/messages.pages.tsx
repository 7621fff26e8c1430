import { Outlet } from "react-router";
import { featureMessages } from "../lib/feature-messages.server.ts";
import { provideFeatureMessages } from "../lib/i18n-runtime.ts";
import type { Route } from "./+types/messages.pages";

// Sends the "pages" message bundle (legal, about us, join us) with the pages nested here (ADR 0005).
export function loader({ url }: Route.LoaderArgs) {
  return featureMessages(url, "pages");
}

export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function PagesMessages({ loaderData }: Route.ComponentProps) {
  provideFeatureMessages(loaderData.messages, loaderData.compiled);
  return <Outlet />;
}
