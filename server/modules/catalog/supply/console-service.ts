import type { SupplierName } from "../../../../core/esim-supplier.ts";
import { ApiError, notFound } from "../../../http/errors.ts";
import { recordAudit } from "../../admin/audit.ts";
import type { SupplierStatusService } from "./sync-log.ts";

// The Suppliers page's use cases (issue 33 item 1, ADR 0407): a sync now and a webhook registration each write their
// audit entry in the status change's transaction, so the console routes only validate, call and shape (issue 28,
// ADR 0311).

export function createSupplierConsole(deps: {
  status: Pick<SupplierStatusService, "list" | "requestSync" | "registerWebhook">;
}) {
  const { status } = deps;
  return {
    list: () => status.list(),

    /** Queues a catalogue sync (once, however often asked), audited; 409 without a supplier that has a catalogue. */
    async requestSync(operator: { id: string }) {
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

    /** Registers the store's webhook URL at the supplier, the outcome audited whether it worked or not. */
    async registerWebhook(operator: { id: string }, name: SupplierName) {
      const result = await status.registerWebhook(name, (tx, outcome) =>
        recordAudit(tx, {
          operatorId: operator.id,
          action: "supplier.webhook.register",
          entity: "supplier",
          entityId: name,
          after: outcome,
        }),
      );
      if (result === null) throw notFound("consoleSuppliers.notConfigured");
      if (result === "unsupported") throw new ApiError(409, "consoleSuppliers.noWebhooks");
      return result;
    },
  };
}
