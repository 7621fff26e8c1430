import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { planCode } from "../../../core/ids.ts";
import type { Database } from "../../../db/client.ts";
import { REVIEW_STATUSES } from "../../../db/schema/index.ts";
import type { Merch } from "../../console-merch.ts";
import { recordAudit } from "../admin/audit.ts";
import { adminRoute } from "../admin/route.ts";
import type { ReviewService } from "./service.ts";

// Review moderation in the console (issue 16 Content, issue 12; ADR 0235): the newest reviews first, by plan
// and status; an operator hides one with a reason, which is kept with the review and in the audit log.

const ReviewQuery = z.object({
  plan: planCode().optional(),
  status: z.enum(REVIEW_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
const ReviewParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const HideBody = z.object({ reason: z.string().trim().min(1).max(500) });

export function consoleReviewRoutes(
  app: FastifyInstance,
  services: { merch: Pick<Merch, "db">; reviews: ReviewService },
) {
  const { reviews } = services;
  const { db } = services.merch;

  adminRoute(app, {
    method: "GET",
    url: "/content/reviews",
    permission: "content.read",
    schema: { querystring: ReviewQuery },
    handler: async ({ query }) => reviews.list(query),
  });

  adminRoute(app, {
    method: "POST",
    url: "/content/reviews/:id/hide",
    permission: "content.write",
    schema: { params: ReviewParam, body: HideBody },
    handler: async ({ operator, params, body }) => {
      const hidden = await db.transaction(async (raw) => {
        const tx = raw as unknown as Database;
        const review = await reviews.hideReview(tx, params.id, body.reason);
        await recordAudit(tx, {
          operatorId: operator.id,
          action: "review.hide",
          entity: "review",
          entityId: String(params.id),
          before: { status: "VISIBLE" },
          after: { status: "HIDDEN", reason: body.reason },
        });
        return review;
      });
      // After commit: the product pages and their cached summaries drop the hidden review on every instance.
      await reviews.changed();
      return hidden;
    },
  });
}
