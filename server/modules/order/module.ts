import type { Database } from "../../../db/client.ts";
import { defineModule, type Later } from "../../module.ts";
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
export type OrderModuleDeps = Omit<
  OrderServiceDeps,
  "repo" | "db" | "closePayments" | "onFulfilling" | "esimsOfOrder" | "refundsOfOrder"
> & {
  db: Database;
  /** Look-ups in the modules built after this one because they need it (ADR 0416). */
  later: Later<{
    /** An unpaid order's open payment sessions are the payment module's to close before it is cancelled. */
    payments: { closeOpenSessions: OrderServiceDeps["closePayments"] };
    /** eSIM delivery plugs into the fulfilment seam (ADR 0106) and fills the order detail's eSIMs. */
    esims: {
      onFulfilling: NonNullable<OrderServiceDeps["onFulfilling"]>;
      esimsOfOrder: NonNullable<OrderServiceDeps["esimsOfOrder"]>;
    };
    refunds: { ofOrder: NonNullable<OrderServiceDeps["refundsOfOrder"]> };
  }>;
};

export function createOrderModule(deps: OrderModuleDeps) {
  const { later, ...rest } = deps;
  const order = createOrderService({
    ...rest,
    repo: createOrderRepo(deps.db),
    closePayments: (orderId) => later().payments.closeOpenSessions(orderId),
    onFulfilling: (row) => later().esims.onFulfilling(row),
    esimsOfOrder: (orderId) => later().esims.esimsOfOrder(orderId),
    refundsOfOrder: (orderId) => later().refunds.ofOrder(orderId),
  });
  order.registerJobs(deps.jobs);
  return order;
}

export const orderModule = defineModule<Parameters<typeof orderRoutes>[1]>({
  name: "order",
  jobKinds: [EXPIRE_ORDER_JOB.kind, FULFIL_ORDER_JOB.kind, REFUND_PAYMENT_JOB.kind],
  routes: (app, services) => orderRoutes(app, services),
});
