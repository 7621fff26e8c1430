import { OrderDetailView } from "../features/orders/OrderDetailView.tsx";
import { loadOrderDetail } from "../features/orders/orders.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my.order.detail";

export const handle = { messages: ["orders"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "ordersUi.list.title", { noindex: true });
}

// Another customer's order (or no such order) is the 404 page, never a 403: nothing is disclosed (ADR 0116).
export function loader(args: Route.LoaderArgs) {
  return loadOrderDetail(args, args.params.code);
}

// spec 2 /my/order/{code}: the order's lines, amounts, coupon, payment, status history, eSIMs and invoice.
export default function MyOrderDetailPage({ loaderData }: Route.ComponentProps) {
  return <OrderDetailView order={loaderData.order} refund={loaderData.refund} base="/my/order" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
