import type { AppLoadContext } from "../../context.ts";
import { requirePageCustomer } from "../account/session.server.ts";

const PAGE_SIZE = 50;

/** /ucenter/push: the shopper's latest notices and their preferences. */
export async function loadNotifications(app: AppLoadContext, request: Request, url: URL) {
  const customer = await requirePageCustomer(app, request, url);
  const [list, preferences] = await Promise.all([
    app.services.notifications.list(customer.id, { page: 0, size: PAGE_SIZE }, app.request.locale),
    app.services.notifications.preferences(customer.id),
  ]);
  return { notices: list.content, total: list.totalElements, preferences };
}
