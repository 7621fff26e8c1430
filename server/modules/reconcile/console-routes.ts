import type { FastifyInstance } from "fastify";
import { adminRoute } from "../admin/route.ts";
import * as api from "./console-contract.ts";
import { createReconcileConsole } from "./console-service.ts";
import type { ReconcileService } from "./service.ts";

// The console's Reconciliation page (issue 29 item 4, ADR 0365): the mismatches the daily job found, and marking
// one resolved with a note (audited). Each endpoint is its contract (console-contract.ts, ADR 0407); the use cases
// are the reconciliation console's (console-service.ts).
export function consoleReconcileRoutes(app: FastifyInstance, services: { reconcile: ReconcileService }) {
  const reconciliation = createReconcileConsole({ reconcile: services.reconcile });

  adminRoute(app, api.listMismatches, ({ query }) => reconciliation.list(query.show));
  adminRoute(app, api.resolveMismatch, ({ operator, params, body }) =>
    reconciliation.resolve(operator, params.id, body.note),
  );
}
