import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { OrderCodeParam } from "../../../core/ids.ts";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { Services } from "../../services.ts";
import { EXPIRE_ORDER_JOB } from "../order/service.ts";

/**
 * Sandbox tools only (registered where the other /__dev tools are): `POST /__dev/orders/{code}/expire` moves an
 * unpaid order's 30-minute payment window into the past and runs its expire-order job now, through the real
 * job (provider session expired, order CANCELLED, coupon uses given back), so tests and developers see an
 * expired order without waiting half an hour (ADR 0114).
 */
export function checkoutDevRoutes(app: FastifyInstance, services: Services) {
  const tools = services.sandbox;
  if (!tools) return;
  app.post("/__dev/orders/:code/expire", { schema: { params: OrderCodeParam } }, async (request) => {
    const { code } = parseInput(OrderCodeParam, request.params);
    const { db } = tools;
    const past = new Date(Date.now() - 1000).toISOString();
    const aged = (await db.execute(sql`
      update customer_order set expires_at = ${past}::timestamptz
      where code = ${code} and status = 'PENDING_PAYMENT'
      returning id`)) as unknown as { rows: { id: string }[] };
    const id = aged.rows[0]?.id;
    if (!id) throw new ApiError(409, "purchase.order.notPayable");
    await db.execute(sql`
      update job set run_at = ${past}::timestamptz
      where kind = ${EXPIRE_ORDER_JOB.kind} and dedupe_key = ${`expire:${id}`} and status = 'PENDING'`);
    await services.jobs.drain();
    const status = (await db.execute(sql`select status from customer_order where id = ${id}`)) as unknown as {
      rows: { status: string }[];
    };
    return { code, status: status.rows[0]?.status };
  });
}
