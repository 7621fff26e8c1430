import { z } from "zod";
import { planCode } from "../../../core/ids.ts";
import { consoleContract } from "../admin/contract.ts";

// Review moderation's endpoints as contracts (issue 33 item 1, ADR 0407): the newest reviews first, by plan and
// status, and hiding one with a reason (issue 16 Content, issue 12; ADR 0235).

const ReviewStatus = z.enum(["VISIBLE", "HIDDEN"]);

export const ReviewQuery = z.object({
  plan: planCode().optional(),
  status: ReviewStatus.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

const ReviewView = z.object({
  id: z.number(),
  rating: z.number(),
  body: z.string(),
  locale: z.string(),
  createdAt: z.string(),
});

/** A review as the moderation list reads it: with its plan, order, status and hiding reason. */
export const ReviewRow = ReviewView.extend({
  platformProductCode: z.string(),
  orderCode: z.string(),
  status: ReviewStatus,
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
});
export type ReviewRow = z.infer<typeof ReviewRow>;

export const listReviews = consoleContract({
  method: "GET",
  path: "/content/reviews",
  permission: "content.read",
  query: ReviewQuery,
  response: z.object({ total: z.number(), rows: z.array(ReviewRow) }),
});

export const ReviewParam = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The reason kept with the hidden review, as typed in the list's form. */
export const HideBody = z.object({
  reason: z.string().trim().min(1, "validation.required").max(500, "validation.tooLong"),
});

export const hideReview = consoleContract({
  method: "POST",
  path: "/content/reviews/:id/hide",
  permission: "content.write",
  params: ReviewParam,
  body: HideBody,
  response: ReviewView,
});
