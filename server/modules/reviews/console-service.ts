import type { Database } from "../../../db/client.ts";
import { recordAudit } from "../admin/audit.ts";
import type { ContractQuery } from "../admin/contract.ts";
import type { listReviews } from "./console-contract.ts";
import type { ReviewService } from "./service.ts";

// Review moderation's use cases (issue 33 item 1, ADR 0407): hiding owns its transaction, its audit entry and the
// cached summaries it drops, so the console routes only validate, call and shape (issue 16 Content; ADR 0235).

export function createReviewConsole(deps: {
  db: Database;
  reviews: Pick<ReviewService, "list" | "hideReview" | "changed">;
}) {
  const { db, reviews } = deps;
  return {
    list: (query: ContractQuery<typeof listReviews>) => reviews.list(query),

    /** Hides a review with the operator's reason, audited in the same transaction. */
    async hide(operator: { id: string }, id: number, reason: string) {
      const hidden = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const review = await reviews.hideReview(tx, id, reason);
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "review.hide",
          entity: "review",
          entityId: String(id),
          before: { status: "VISIBLE" },
          after: { status: "HIDDEN", reason },
        });
        return review;
      });
      // After commit: the product pages and their cached summaries drop the hidden review on every instance.
      await reviews.changed();
      return hidden;
    },
  };
}

export type ReviewConsole = ReturnType<typeof createReviewConsole>;
