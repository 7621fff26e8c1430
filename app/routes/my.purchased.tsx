import { appContext } from "../context.ts";
import { loadPurchasedPage } from "../features/esim/esim.server.ts";
import { PurchasedPackages } from "../features/esim/PurchasedPackages.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my.purchased";

export const handle = { messages: ["esim"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "shell.purchased", { noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  return loadPurchasedPage(context.get(appContext), request, url);
}

// spec 2 /my/purchased: the packages on each eSIM, inside the /my layout (ADR 0138).
export default function MyPurchasedPage({ loaderData }: Route.ComponentProps) {
  return <PurchasedPackages list={loaderData.list} state={loaderData.state} />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
