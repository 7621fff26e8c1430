import { ApiError, notFound } from "../../http/errors.ts";
import { recordAudit } from "../admin/audit.ts";
import type { ReconcileService } from "./service.ts";

// The console's reconciliation use cases (issue 33 item 1, ADR 0407): resolving a mismatch writes its audit entry in
// the resolution's transaction, so the console route only validates, calls and shapes (issue 29 item 4, ADR 0365).

export function createReconcileConsole(deps: { reconcile: Pick<ReconcileService, "list" | "resolve"> }) {
  const { reconcile } = deps;
  return {
    list: (show: "open" | "all") => reconcile.list({ open: show === "open" }),

    /** Marks a mismatch resolved with the operator's note, audited; 404 unknown, 409 resolved already. */
    async resolve(operator: { id: string }, id: string, note: string) {
      const result = await reconcile.resolve(operator.id, id, note, (tx, before, after) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "reconciliation.resolve",
          entity: "reconciliation_mismatch",
          entityId: id,
          before: { resolvedAt: before.resolvedAt },
          after: { resolvedAt: after.resolvedAt, note: after.resolutionNote },
        }),
      );
      if (result === null) throw notFound("consoleReconcile.notFound");
      if (result === "resolved") throw new ApiError(409, "consoleReconcile.alreadyResolved");
      return result;
    },
  };
}
