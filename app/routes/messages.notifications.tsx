import { Outlet } from "react-router";
import { featureMessages } from "../lib/feature-messages.server.ts";
import { provideFeatureMessages } from "../lib/i18n-runtime.ts";
import type { Route } from "./+types/messages.notifications";

// Sends the "notifications" message bundle with /ucenter/push (ADR 0005).
export function loader({ url }: Route.LoaderArgs) {
  return featureMessages(url, "notifications");
}

export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function NotificationMessages({ loaderData }: Route.ComponentProps) {
  provideFeatureMessages(loaderData.messages, loaderData.compiled);
  return <Outlet />;
}
