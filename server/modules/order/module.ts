import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import { createOrderRepo } from "./repo.ts";
import { orderRoutes } from "./routes.ts";
import {
  createOrderService,
  EXPIRE_ORDER_JOB,
  FULFIL_ORDER_JOB,
  type OrderServiceDeps,
  REFUND_PAYMENT_JOB,
} from "./service.ts";

/** What the order module needs; its hooks are the named flows (server/flows/order-*.ts). */
export type OrderModuleDeps = Omit<OrderServiceDeps, "repo" | "db"> & { db: Database };

export function createOrderModule(deps: OrderModuleDeps) {
  const order = createOrderService({ ...deps, repo: createOrderRepo(deps.db) });
  order.registerJobs(deps.jobs);
  return order;
}

export const orderModule = defineModule<Parameters<typeof orderRoutes>[1]>({
  name: "order",
  jobKinds: [EXPIRE_ORDER_JOB.kind, FULFIL_ORDER_JOB.kind, REFUND_PAYMENT_JOB.kind],
  routes: (app, services) => orderRoutes(app, services),
});
