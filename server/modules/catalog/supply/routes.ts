import type { FastifyInstance } from "fastify";
import { adminRoute } from "../../admin/route.ts";
import * as api from "./console-contract.ts";
import { createSupplierConsole } from "./console-service.ts";
import type { SupplierStatusService } from "./sync-log.ts";

// The console's Suppliers page (issue 28, ADR 0311): each configured supplier's balance, webhook state and last
// catalogue sync; a sync now, and registering the store's webhook URL at a supplier. Both changes are audited.
// Each endpoint is its contract (console-contract.ts, ADR 0407); the use cases are the supplier console's.
export function consoleSupplierRoutes(
  app: FastifyInstance,
  services: { supplierStatus: SupplierStatusService },
) {
  const suppliers = createSupplierConsole({ status: services.supplierStatus });

  adminRoute(app, api.listSuppliers, () => suppliers.list());
  adminRoute(app, api.requestSupplierSync, ({ operator }) => suppliers.requestSync(operator));
  adminRoute(app, api.registerSupplierWebhook, ({ operator, params }) =>
    suppliers.registerWebhook(operator, params.name),
  );
}
