import type { FastifyInstance } from "fastify";
import { OrderCodeParam } from "../../../core/ids.ts";
import type { Database } from "../../../db/client.ts";
import { ApiError } from "../../http/errors.ts";
import { parseInput } from "../../http/validate.ts";
import type { SandboxSupplier } from "../../providers/supplier/sandbox.ts";
import type { OrderService } from "../order/service.ts";
import { createEsimRepo } from "./repo.ts";
import { recordIssuedUnit } from "./service.ts";

/**
 * Sandbox tool (ADR 0153; registered only with the other /__dev tools): `POST /__dev/orders/{code}/issue-esims`
 * issues every unit of an unpaid new-eSIM order at the sandbox supplier at once (the calls in parallel, under the
 * idempotency keys the provisioning job uses) and records the eSIMs and their packages as that job does. Paying
 * the order afterwards goes through the real webhook and job, which find every unit issued and complete the
 * order, so a test holds many eSIMs in a second or two instead of one supplier round trip per unit on the
 * server's only job runner.
 */
export function esimIssueDevRoutes(
  app: FastifyInstance,
  db: Database,
  sandbox: SandboxSupplier,
  orders: OrderService,
) {
  const repo = createEsimRepo(db);
  const { supplier } = sandbox;
  app.post("/__dev/orders/:code/issue-esims", { schema: { params: OrderCodeParam } }, async (request) => {
    const { code } = parseInput(OrderCodeParam, request.params);
    const order = await orders.findByCode(code);
    if (order?.status !== "PENDING_PAYMENT" || order.topUpIccid)
      throw new ApiError(409, "purchase.order.notPayable");
    const plan = await repo.plan(order.platformProductCode);
    if (!plan) throw new ApiError(409, "purchase.order.notPayable");
    const supplierPlan = {
      productCode: plan.platformProductCode,
      dataMb: plan.unlimited ? null : plan.dataMb,
      validityDays: plan.validityDays,
    };
    const units = Array.from({ length: order.quantity }, (_, unit) => unit);
    const issued = await Promise.all(
      units.map((unit) => supplier.provision(supplierPlan, `order:${order.id}:${unit}`)),
    );
    for (const unit of units) {
      const key = `order:${order.id}:${unit}`;
      await recordIssuedUnit(db, repo, supplier.name, {
        order,
        unit,
        plan: supplierPlan,
        key,
        issued: issued[unit]!,
      });
    }
    return { code, issued: units.length };
  });
}
