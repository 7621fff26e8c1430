import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { OrderCodeParam } from "../../../core/ids.ts";
import { PageQuery } from "../../../core/list-query.ts";
import { ORDER_TAB_STATUSES, ORDER_TABS } from "../../../core/order-tabs.ts";
import { ORDER_STATUSES } from "../../../db/schema/index.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";
import type { OrderService } from "./service.ts";

const OrderListQuery = PageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  /** A status tab of the order list (ADR 0115); `status` wins when both are given. */
  tab: z.enum(ORDER_TABS).optional(),
  keyword: z.string().trim().max(64).optional(),
});

// Orders (paths in the style of spec 7; page mode lists, spec 3). Another customer's order is a 404.
export function orderRoutes(app: FastifyInstance, services: { order: OrderService }) {
  app.get("/o2ord/v1/customer/orders", { schema: { querystring: OrderListQuery } }, async (request) => {
    const customer = await requireCustomer(request);
    const { tab, ...query } = parseInput(OrderListQuery, request.query);
    const status = query.status ?? (tab && tab !== "all" ? ORDER_TAB_STATUSES[tab] : undefined);
    return services.order.list(
      customer.id,
      { ...query, status, keyword: query.keyword || undefined },
      request.ctx.locale,
    );
  });

  app.get("/o2ord/v1/customer/orders/:code", { schema: { params: OrderCodeParam } }, async (request) => {
    const customer = await requireCustomer(request);
    const { code } = parseInput(OrderCodeParam, request.params);
    return services.order.detailWithPayment(customer.id, code, request.ctx.locale);
  });

  const cancelSchema = { schema: { params: OrderCodeParam } };
  app.post("/o2ord/v1/customer/orders/:code/cancel", cancelSchema, async (request) => {
    const customer = await requireCustomer(request);
    const { code } = parseInput(OrderCodeParam, request.params);
    return services.order.cancel(customer.id, code, request.ctx.locale);
  });
}
