import type { RefundPolicy } from "../../core/refund-policy.ts";
import { ApiError } from "../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../infra/cache.ts";
import { nothingChanged } from "../modules/admin/audit-scope.ts";
import type { RefundService } from "../modules/refund/service.ts";
import type { RefundOrderFlow } from "./refund-order.ts";

// The console's refund use cases (issue 33 item 1, ADR 0407): each owns what follows its change (the audit entry in
// the flow's transaction, the cached pages it clears), so the console routes only validate, call and shape
// (issue 29, ADRs 0336-0338, 0357).

interface Operator {
  id: string;
  role: string;
}

export interface RefundConsoleDeps {
  refund: Pick<RefundService, "policy" | "savePolicy">;
  refundOrder: Pick<RefundOrderFlow, "summary" | "queue" | "screenshot" | "approve" | "decline">;
  cache: Pick<SharedCache, "invalidate">;
}

export function createRefundConsole(deps: RefundConsoleDeps) {
  const { refund, refundOrder, cache } = deps;
  return {
    summary: (code: string) => refundOrder.summary(code),
    policy: () => refund.policy(),

    /** Saved and audited in one transaction; the refund policy page renders from it (ADR 0353), so every
     * instance drops its cached copy. */
    async savePolicy(operator: Operator, values: RefundPolicy) {
      const saved = await refund.savePolicy(operator.id, values);
      await cache.invalidate([CACHE_TAGS.content]);
      return saved;
    },

    queue: async () => ({ requests: await refundOrder.queue() }),

    async screenshot(id: string) {
      const found = await refundOrder.screenshot(id);
      if (!found) throw new ApiError(404, "error.notFound");
      return found;
    },

    /** The one refund flow refunds what is left; a support operator within their limits. A replay changes nothing. */
    async approve(operator: Operator, id: string) {
      const result = await refundOrder.approve({ id: operator.id, limited: operator.role === "support" }, id);
      if (result.replayed) nothingChanged();
      return result;
    },

    decline: (operator: Operator, id: string, reason: string) => refundOrder.decline(operator.id, id, reason),
  };
}
