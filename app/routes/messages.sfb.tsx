import { Outlet } from "react-router";
import { featureMessages } from "../lib/feature-messages.server.ts";
import { provideFeatureMessages } from "../lib/i18n-runtime.ts";
import type { Route } from "./+types/messages.sfb";

// Sends the "sfb" message bundle (invite rewards and store credit) with the pages nested here (ADR 0005).
export function loader({ url }: Route.LoaderArgs) {
  return featureMessages(url, "sfb");
}

export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function SfbMessages({ loaderData }: Route.ComponentProps) {
  provideFeatureMessages(loaderData.messages, loaderData.compiled);
  return <Outlet />;
}
