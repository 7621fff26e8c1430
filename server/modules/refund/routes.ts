import type { FastifyInstance } from "fastify";
import { refundCancelSchema, refundRequestSchema } from "../../../core/forms/refund.ts";
import { OrderCodeParam } from "../../../core/ids.ts";
import type { RefundOrderFlow } from "../../flows/refund-order.ts";
import { requireCustomer } from "../../http/session.ts";
import { parseInput } from "../../http/validate.ts";

const CancelBody = refundCancelSchema;
const RequestBody = refundRequestSchema;

/**
 * The shopper's self-service by policy (issue 29 item 2, ADR 0337): what they may do now on a paid order, cancel
 * an unused eSIM for a full refund, or ask for a refund with a reason and an optional screenshot. Another
 * customer's order is a 404. The refund itself is the one refund flow (server/flows/refund-order.ts).
 */
export function refundRoutes(app: FastifyInstance, services: { refundOrder: RefundOrderFlow }) {
  const { refundOrder } = services;

  app.get(
    "/o2ord/v1/customer/orders/:code/refund-options",
    { schema: { params: OrderCodeParam } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { code } = parseInput(OrderCodeParam, request.params);
      return refundOrder.shopperOptions(customer.id, code);
    },
  );

  app.post(
    "/o2ord/v1/customer/orders/:code/cancel-esim",
    { schema: { params: OrderCodeParam, body: CancelBody } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { code } = parseInput(OrderCodeParam, request.params);
      const body = parseInput(CancelBody, request.body);
      return refundOrder.cancelByShopper(customer.id, code, body.destination);
    },
  );

  app.post(
    "/o2ord/v1/customer/orders/:code/refund-requests",
    { schema: { params: OrderCodeParam, body: RequestBody } },
    async (request) => {
      const customer = await requireCustomer(request);
      const { code } = parseInput(OrderCodeParam, request.params);
      const body = parseInput(RequestBody, request.body);
      return refundOrder.requestByShopper(customer.id, code, {
        reason: body.reason,
        destination: body.destination,
        screenshot: body.screenshot ?? null,
      });
    },
  );
}
