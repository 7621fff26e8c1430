import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Locale } from "../../../core/constants.ts";
import { PageQuery } from "../../../core/lists.ts";
import { maskPaymentId, ORDER_TAB_STATUSES, ORDER_TABS } from "../../../core/order-tabs.ts";
import { ORDER_STATUSES } from "../../../db/schema/index.ts";
import { apiLocale } from "../../http/request-info.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { Services } from "../../services.ts";

export const OrderCodeParam = z.object({ code: z.string().regex(/^[A-Z0-9]{6,32}$/) });
const OrderListQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  /** A status tab of the order list (ADR 0115); `status` wins when both are given. */
  tab: z.enum(ORDER_TABS).optional(),
  keyword: z.string().trim().max(64).optional(),
});

/**
 * The order detail page's data: the order with its status history, plus how it was paid (ADR 0116): the
 * provider and its payment id masked, never the whole id.
 */
export async function orderDetail(services: Services, customerId: string, code: string, locale: Locale) {
  const detail = await services.order.detail(customerId, code, locale);
  const row = await services.order.owned(customerId, code);
  return {
    ...detail,
    payment: row.paymentProvider
      ? {
          method: row.paymentProvider,
          maskedPaymentId: maskPaymentId(row.providerPaymentId),
          paidAt: row.paidAt?.toISOString() ?? null,
        }
      : null,
  };
}

export type OrderDetailView = Awaited<ReturnType<typeof orderDetail>>;

// Orders (paths in the style of spec 7; page mode lists, spec 3). Another customer's order is a 404.
export function orderRoutes(app: FastifyInstance, services: Services) {
  app.get("/o2ord/v1/customer/orders", { schema: { querystring: OrderListQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const { tab, ...query } = parseInput(OrderListQuery, request.query);
    const status = query.status ?? (tab && tab !== "all" ? ORDER_TAB_STATUSES[tab] : undefined);
    return services.order.list(
      customer.id,
      { ...query, status, keyword: query.keyword || undefined },
      apiLocale(request),
    );
  });

  app.get("/o2ord/v1/customer/orders/:code", { schema: { params: OrderCodeParam } }, async (request) => {
    const customer = await requireCustomer(request);
    const { code } = parseInput(OrderCodeParam, request.params);
    return orderDetail(services, customer.id, code, apiLocale(request));
  });

  const cancelSchema = { schema: { params: OrderCodeParam } };
  app.post("/o2ord/v1/customer/orders/:code/cancel", cancelSchema, async (request) => {
    const customer = await requireCustomer(request);
    const { code } = parseInput(OrderCodeParam, request.params);
    return services.order.cancel(customer.id, code, apiLocale(request));
  });
}
