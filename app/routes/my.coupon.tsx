import { CouponWalletView } from "../features/coupons/CouponWalletView.tsx";
import { loadWallet } from "../features/coupons/coupons.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my.coupon";

export const handle = { messages: ["orders"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "ordersUi.coupons.title", { noindex: true });
}

// Each protected page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export function loader(args: Route.LoaderArgs) {
  return loadWallet(args);
}

// spec 2 /my/coupon: the shopper's coupons by state (available, used, expired). ADR 0117.
export default function MyCouponPage({ loaderData }: Route.ComponentProps) {
  return <CouponWalletView data={loaderData} base="/my/coupon" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
