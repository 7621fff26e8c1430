import type { FastifyInstance } from "fastify";
import { OrderCodeParam } from "../../../core/ids.ts";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import type { OrderService } from "../order/service.ts";
import { EXPIRE_ORDER_JOB } from "../order/service.ts";

/**
 * Sandbox tools only (registered where the other /__dev tools are): `POST /__dev/orders/{code}/expire` moves an
 * unpaid order's 30-minute payment window into the past and runs its expire-order job now, through the real
 * job (provider session expired, order CANCELLED, coupon uses given back), so tests and developers see an
 * expired order without waiting half an hour (ADR 0114).
 */
export function checkoutDevRoutes(
  app: FastifyInstance,
  services: { jobs: JobRunner; order: OrderService; sandbox: object | null },
) {
  const tools = services.sandbox;
  if (!tools) return;
  app.post("/__dev/orders/:code/expire", { schema: { params: OrderCodeParam } }, async (request) => {
    const { code } = parseInput(OrderCodeParam, request.params);
    const id = await services.order.closeWindowNowForSandbox(code);
    if (!id) throw new ApiError(409, "purchase.order.notPayable");
    await services.jobs.makeDue(EXPIRE_ORDER_JOB, `expire:${id}`, new Date(Date.now() - 1000));
    await services.jobs.drain();
    const order = await services.order.findById(id);
    return { code, status: order?.status };
  });
}
