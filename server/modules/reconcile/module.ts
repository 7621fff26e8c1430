import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import { reconcileDevRoutes } from "./dev-routes.ts";
import { createReconcileRepo } from "./repo.ts";
import { createReconcileService, RECONCILE_JOB } from "./service.ts";

export type ReconcileModuleDeps = Omit<Parameters<typeof createReconcileService>[0], "repo"> & {
  db: Database;
};

/** The daily reconciliation with suppliers and payments (issue 29 item 4, ADR 0365). */
export function createReconcileModule(deps: ReconcileModuleDeps) {
  const reconcile = createReconcileService({ ...deps, repo: createReconcileRepo(deps.db) });
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
