import { Outlet } from "react-router";
import { featureMessages } from "../lib/feature-messages.server.ts";
import { provideFeatureMessages } from "../lib/i18n-runtime.ts";
import type { Route } from "./+types/messages.uploads";

// Sends the "uploads" message bundle with the profile picture on /my/userInfo (ADR 0005).
export function loader({ url }: Route.LoaderArgs) {
  return featureMessages(url, "uploads");
}

export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function UploadMessages({ loaderData }: Route.ComponentProps) {
  provideFeatureMessages(loaderData.messages, loaderData.compiled);
  return <Outlet />;
}
