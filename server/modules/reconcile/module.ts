import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import { reconcileDevRoutes } from "./dev-routes.ts";
import { createReconcileRepo } from "./repo.ts";
import { createReconcileService, RECONCILE_JOB } from "./service.ts";

type ReconcileServiceDeps = Parameters<typeof createReconcileService>[0];

export type ReconcileModuleDeps = Omit<ReconcileServiceDeps, "repo" | "readBalance"> & {
  db: Database;
  /** The supply side's balance check: the day's closing balance is read before it is compared (ADR 0390). */
  balances: { check: NonNullable<ReconcileServiceDeps["readBalance"]> };
};

/** The daily reconciliation with suppliers and payments (issue 29 item 4, ADR 0365). */
export function createReconcileModule(deps: ReconcileModuleDeps) {
  const { balances, ...rest } = deps;
  const reconcile = createReconcileService({
    ...rest,
    repo: createReconcileRepo(deps.db),
    readBalance: (name, now) => balances.check(name, now),
  });
  reconcile.registerJobs(deps.jobs);
  return reconcile;
}

export const reconcileModule = defineModule<Parameters<typeof reconcileDevRoutes>[1]>({
  name: "reconcile",
  jobKinds: [RECONCILE_JOB.kind],
  routes: (app, services, { sandbox }) => {
    if (sandbox) reconcileDevRoutes(app, services);
  },
});
