import { appContext } from "../context.ts";
import { loadPurchasedPage } from "../features/esim/esim.server.ts";
import { PurchasedPackages } from "../features/esim/PurchasedPackages.tsx";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.purchased";

export const handle = { messages: ["esim"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "shell.purchased", { noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  return loadPurchasedPage(context.get(appContext), request, url);
}

// spec 2 /ucenter/purchased: the same packages view as /my/purchased, without the /my side menu (ADR 0138).
export default function UcenterPurchasedPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <PurchasedPackages list={loaderData.list} state={loaderData.state} />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
