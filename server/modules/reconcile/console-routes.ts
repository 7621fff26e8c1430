import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ApiError, notFound } from "../../http/errors.ts";
import { recordAudit } from "../admin/audit.ts";
import { adminRoute } from "../admin/route.ts";
import type { ReconcileService } from "./service.ts";

const ResolveBody = z.object({ note: z.string().trim().min(3).max(1000) });

// The console's Reconciliation page (issue 29 item 4, ADR 0365): the mismatches the daily job found, and marking
// one resolved with a note (audited).
export function consoleReconcileRoutes(app: FastifyInstance, services: { reconcile: ReconcileService }) {
  const { reconcile } = services;

  adminRoute(app, {
    method: "GET",
    url: "/reconciliation",
    permission: "reconciliation.read",
    schema: { querystring: z.object({ show: z.enum(["open", "all"]).default("open") }) },
    handler: async ({ query }) => reconcile.list({ open: query.show === "open" }),
  });

  adminRoute(app, {
    method: "POST",
    url: "/reconciliation/:id/resolve",
    permission: "reconciliation.resolve",
    schema: { params: z.object({ id: z.uuid() }), body: ResolveBody },
    handler: async ({ operator, params, body }) => {
      const result = await reconcile.resolve(operator.id, params.id, body.note, (tx, before, after) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "reconciliation.resolve",
          entity: "reconciliation_mismatch",
          entityId: params.id,
          before: { resolvedAt: before.resolvedAt },
          after: { resolvedAt: after.resolvedAt, note: after.resolutionNote },
        }),
      );
      if (result === null) throw notFound("consoleReconcile.notFound");
      if (result === "resolved") throw new ApiError(409, "consoleReconcile.alreadyResolved");
      return result;
    },
  });
}
