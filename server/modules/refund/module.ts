import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import { createRefundRepo } from "./repo.ts";
import { refundRoutes } from "./routes.ts";
import { createRefundService, REFUND_CARD_RETRY_JOB } from "./service.ts";

export type RefundModuleDeps = Omit<Parameters<typeof createRefundService>[0], "repo" | "jobs"> & {
  db: Database;
  jobs: Parameters<ReturnType<typeof createRefundService>["registerJobs"]>[0] &
    Parameters<typeof createRefundService>[0]["jobs"];
};

/** Operators' refunds (issue 16, ADR 0225): to the card through the provider, or to store credit. */
export function createRefundModule(deps: RefundModuleDeps) {
  const refund = createRefundService({ ...deps, repo: createRefundRepo(deps.db) });
  refund.registerJobs(deps.jobs);
  return refund;
}

/** Its shopper routes run the one refund flow (server/flows/refund-order.ts). */
export const refundModule = defineModule<Parameters<typeof refundRoutes>[1]>({
  name: "refund",
  jobKinds: [REFUND_CARD_RETRY_JOB.kind],
  routes: (app, services) => refundRoutes(app, services),
});
