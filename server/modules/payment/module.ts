import type { Database } from "../../../db/client.ts";
import type { JobRunner } from "../../jobs/runner.ts";
import { defineModule } from "../../module.ts";
import type { PaymentProvider, PaymentProviderName } from "../../providers/payment/types.ts";
import type { OrderService } from "../order/service.ts";
import { createPaymentForgetting, FORGET_CUSTOMER_JOB } from "./forget-customer.ts";
import { createFreePayments } from "./free.ts";
import { createPaymentRepo } from "./repo.ts";
import { paymentRoutes } from "./routes.ts";
import { createPaymentService, type PaymentServiceDeps } from "./service.ts";

export interface PaymentModuleDeps {
  db: Database;
  jobs: JobRunner;
  orders: OrderService;
  /** The providers' registry: this module adds the free provider to it. */
  providers: Partial<Record<PaymentProviderName, PaymentProvider>>;
  active: PaymentProviderName;
  currencies: PaymentServiceDeps["currencies"];
  onPaymentAnomaly?: PaymentServiceDeps["onPaymentAnomaly"];
}

export function createPaymentModule(deps: PaymentModuleDeps) {
  const { db, jobs, orders, providers } = deps;
  const repo = createPaymentRepo(db);
  const payment = createPaymentService({
    db,
    repo,
    orders,
    providers,
    active: deps.active,
    currencies: deps.currencies,
    onPaymentAnomaly: deps.onPaymentAnomaly,
  });
  // Zero-total orders are paid without a charge (ADR 0121); refunding one only records it.
  providers.free = createFreePayments(repo, (paymentId) => payment.markRefunded("free", paymentId));
  // What the payments keep about a deleted customer (ADR 0165): cleared at once, the provider told by a job.
  const forgetting = createPaymentForgetting({
    jobs,
    repo,
    orderIdsOf: (customerId, tx) => orders.idsOfCustomer(customerId, tx),
    providers,
  });
  forgetting.registerJobs(jobs);
  return { payment, forgetting };
}

export const paymentModule = defineModule<Parameters<typeof paymentRoutes>[1]>({
  name: "payment",
  jobKinds: [FORGET_CUSTOMER_JOB.kind],
  routes: (app, services, { publicOrigin }) => paymentRoutes(app, services, publicOrigin),
});
