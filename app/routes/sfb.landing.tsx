import { LandingView } from "../features/sfb/SfbViews.tsx";
import { loadLanding } from "../features/sfb/sfb.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/sfb.landing";

export const handle = { messages: ["sfb"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "sfbUi.title", { noindex: true });
}

export function loader(args: Route.LoaderArgs) {
  return loadLanding(args, args.params.code);
}

// spec 2 /sfb/landing/{code} (issue 11): the page a friend opens from an invite link.
export default function SfbLandingPage({ loaderData }: Route.ComponentProps) {
  return <LandingView data={loaderData} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
