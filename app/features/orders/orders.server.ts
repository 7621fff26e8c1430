import { data, type RouterContextProvider } from "react-router";
import { isOrderCode } from "../../../core/ids.ts";
import { isOrderTab, ORDER_TAB_STATUSES, type OrderTab } from "../../../core/order-tabs.ts";
import { appContext } from "../../context.ts";
import { serviceError } from "../../lib/service-error.ts";
import { requirePageCustomer } from "../account/session.server.ts";

interface LoaderArgs {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

/** The order statuses whose page shows the refund panel (what may be done now, a request's state). */
const REFUND_PANEL_STATUSES: readonly string[] = ["PAID", "FULFILLING", "COMPLETED", "REFUNDING", "REFUNDED"];

/** Orders per page of the list (spec 3 page mode). */
export const ORDER_PAGE_SIZE = 10;

/** The list page's query: ?tab=&keyword=&page= (page is 1-based in the address, 0-based in the API). */
export function orderListQuery(url: URL) {
  const tabParam = url.searchParams.get("tab");
  const tab: OrderTab = isOrderTab(tabParam) ? tabParam : "all";
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 64);
  const page = Math.min(Math.max(Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1, 1), 10_000);
  return { tab, keyword, page };
}

export async function loadOrderList({ request, url, context }: LoaderArgs) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  const query = orderListQuery(url);
  const list = await app.services.order.list(
    customer.id,
    {
      page: query.page - 1,
      size: ORDER_PAGE_SIZE,
      status: query.tab === "all" ? undefined : ORDER_TAB_STATUSES[query.tab],
      keyword: query.keyword || undefined,
    },
    app.request.locale,
  );
  return { ...query, orders: list.content, total: list.totalElements, size: ORDER_PAGE_SIZE };
}

export async function loadOrderDetail({ request, url, context }: LoaderArgs, code: string | undefined) {
  const app = context.get(appContext);
  const customer = await requirePageCustomer(app, request, url);
  // Not an order code at all, or not this customer's order: the same 404 page (no enumeration).
  if (!isOrderCode(code)) throw data(null, { status: 404 });
  try {
    const order = await app.services.order.detailWithPayment(customer.id, code, app.request.locale);
    // What the shopper may do now by the refund policy (issue 29, ADR 0352): only once the order was paid.
    const refund = REFUND_PANEL_STATUSES.includes(order.status)
      ? await app.services.refundOrder.shopperOptions(customer.id, code)
      : null;
    return { order, refund };
  } catch (error) {
    if (serviceError(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
