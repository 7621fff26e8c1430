import { Outlet } from "react-router";
import { featureMessages } from "../lib/feature-messages.server.ts";
import { provideFeatureMessages } from "../lib/i18n-runtime.ts";
import type { Route } from "./+types/messages.account";

// Sends the "account" message bundle (core/i18n) with the pages nested here (app/lib/feature-messages.ts, ADR 0005).
export function loader({ url }: Route.LoaderArgs) {
  return featureMessages(url, "account");
}

export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function AccountMessages({ loaderData }: Route.ComponentProps) {
  provideFeatureMessages(loaderData.messages, loaderData.compiled);
  return <Outlet />;
}
