import { OrderListView } from "../features/orders/OrderListView.tsx";
import { loadOrderList } from "../features/orders/orders.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { MessagesHandle } from "../lib/route-messages.ts";
import type { Route } from "./+types/my.order.list";

export const handle = { messages: ["orders"] } satisfies MessagesHandle;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "ordersUi.list.title", { noindex: true });
}

// Each protected page checks the session itself too: loaders run in parallel, so none may rely on the layout's.
export function loader(args: Route.LoaderArgs) {
  return loadOrderList(args);
}

// spec 2 /my/order/list: the shopper's orders with status tabs, search (with history) and pages; the scroll
// position is remembered when coming back from an order (app/lib/scroll.ts). ADR 0115.
export default function MyOrderListPage({ loaderData }: Route.ComponentProps) {
  return <OrderListView data={loaderData} base="/my/order" />;
}

export { PageErrorBoundary as ErrorBoundary } from "../features/shell/PageStates.tsx";
