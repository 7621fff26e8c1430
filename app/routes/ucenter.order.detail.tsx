import { OrderDetailView } from "../features/orders/OrderDetailView.tsx";
import { loadOrderDetail } from "../features/orders/orders.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/ucenter.order.detail";

export const handle = { messages: ["orders"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "ordersUi.list.title", { noindex: true });
}

// Another customer's order (or no such order) is the 404 page, never a 403: nothing is disclosed (ADR 0116).
export function loader(args: Route.LoaderArgs) {
  return loadOrderDetail(args, args.params.code);
}

// spec 2 /ucenter/order/{code}: the order's lines, amounts, coupon, payment, status history, eSIMs and invoice.
export default function UcenterOrderDetailPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10">
      <OrderDetailView order={loaderData.order} refund={loaderData.refund} base="/ucenter/order" />
    </div>
  );
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
