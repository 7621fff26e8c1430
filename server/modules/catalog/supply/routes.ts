import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { SUPPLIER_NAMES } from "../../../../core/esim-supplier.ts";
import { ApiError, notFound } from "../../../http/errors.ts";
import { recordAudit } from "../../admin/audit.ts";
import { adminRoute } from "../../admin/route.ts";
import type { SupplierStatusService } from "./sync-log.ts";

const SupplierParam = z.object({ name: z.enum(SUPPLIER_NAMES) });

// The console's Suppliers page (issue 28, ADR 0311): each configured supplier's balance, webhook state and last
// catalogue sync; a sync now, and registering the store's webhook URL at a supplier. Both changes are audited.
export function consoleSupplierRoutes(
  app: FastifyInstance,
  services: { supplierStatus: SupplierStatusService },
) {
  const status = services.supplierStatus;

  adminRoute(app, {
    method: "GET",
    url: "/suppliers",
    permission: "suppliers.read",
    handler: async () => status.list(),
  });

  adminRoute(app, {
    method: "POST",
    url: "/suppliers/sync",
    permission: "suppliers.manage",
    handler: async ({ operator }) => {
      const result = await status.requestSync((tx, queued) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "supplier.sync.request",
          entity: "supplier",
          entityId: "catalogue",
          after: { queued },
        }),
      );
      if (!result) throw new ApiError(409, "consoleSuppliers.noCatalogue");
      return result;
    },
  });

  adminRoute(app, {
    method: "POST",
    url: "/suppliers/:name/webhook",
    permission: "suppliers.manage",
    schema: { params: SupplierParam },
    handler: async ({ operator, params }) => {
      const result = await status.registerWebhook(params.name, (tx, outcome) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "supplier.webhook.register",
          entity: "supplier",
          entityId: params.name,
          after: outcome,
        }),
      );
      if (result === null) throw notFound("consoleSuppliers.notConfigured");
      if (result === "unsupported") throw new ApiError(409, "consoleSuppliers.noWebhooks");
      return result;
    },
  });
}
