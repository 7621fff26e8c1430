import type { Locale } from "../../../core/constants.ts";
import type { Database } from "../../../db/client.ts";
import type { ReviewStatus } from "../../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { createReviewRepo, type ReviewRepo, type ReviewRow } from "./repo.ts";

/** spec 9: a rating is 1 to 5; a review is short. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX_LENGTH = 500;
export const RECENT_REVIEWS = 5;

/** What a review needs of an order (the order module's row has these). */
export interface ReviewedOrder {
  code: string;
  customerId: string;
  status: string;
  platformProductCode: string;
}

export interface ReviewView {
  id: number;
  rating: number;
  body: string;
  locale: string;
  createdAt: string;
}

export interface ReviewSummary {
  platformProductCode: string;
  /** Visible reviews only; 0 when there is none (then no average and no aggregateRating). */
  count: number;
  /** One decimal, e.g. 4.5; null without reviews. */
  average: number | null;
  recent: ReviewView[];
}

function view(row: ReviewRow): ReviewView {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    locale: row.locale,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Ratings and reviews (issue 12, ADR 0265): a shopper with a completed order rates its plan once; operators hide
 * a review (the console calls `hideReview`); the product page shows the average and the recent ones.
 */
export function createReviewService(deps: {
  db: Database;
  repo: ReviewRepo;
  /** The order module's look-up by code. */
  findOrder: (code: string) => Promise<ReviewedOrder | undefined>;
  /** Called after a review is added or hidden, so cached product pages show it (the HTML cache clears). */
  onChange?: () => Promise<unknown>;
  /** The shared cache: a plan's summary is read on every product page and changes only with its reviews. */
  cache?: SharedCache;
  clock?: () => Date;
}) {
  const { repo, findOrder } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function loadSummary(platformProductCode: string): Promise<ReviewSummary> {
    const [stats, recent] = await Promise.all([
      repo.stats(platformProductCode),
      repo.recent(platformProductCode, RECENT_REVIEWS),
    ]);
    return {
      platformProductCode,
      count: stats.count,
      average: stats.count > 0 && stats.average !== null ? Math.round(stats.average * 10) / 10 : null,
      recent: recent.map(view),
    };
  }
  // Issue 15 (ADR 0209): a warm product page asks the database nothing for its reviews; a new or hidden review
  // invalidates the tag (onChange), on every instance.
  const cachedSummary = deps.cache
    ? deps.cache.define("plan-review-summary", {
        ttlS: 300,
        tags: () => [CACHE_TAGS.reviews],
        load: loadSummary,
      })
    : loadSummary;

  return {
    summary(platformProductCode: string): Promise<ReviewSummary> {
      return cachedSummary(platformProductCode);
    },

    /** The shopper's review of one of their orders, or null; 404 for an order that is not theirs. */
    async forOrder(customerId: string, orderCode: string): Promise<ReviewView | null> {
      const order = await findOrder(orderCode);
      if (!order || order.customerId !== customerId) throw notFound("discovery.reviews.orderNotFound");
      const row = await repo.byOrder(orderCode);
      return row ? view(row) : null;
    },

    /**
     * Rates an order's plan: the order must be the shopper's and completed; one review per order (a second
     * submit, or two racing ones, leave the first and answer 409).
     */
    async submit(
      customerId: string,
      input: { orderCode: string; rating: number; body: string },
      locale: Locale,
    ): Promise<ReviewView> {
      if (!Number.isInteger(input.rating) || input.rating < RATING_MIN || input.rating > RATING_MAX)
        throw new ApiError(400, "error.badRequest", { fields: { rating: "discovery.reviews.ratingRange" } });
      const order = await findOrder(input.orderCode);
      if (!order || order.customerId !== customerId) throw notFound("discovery.reviews.orderNotFound");
      if (order.status !== "COMPLETED") throw new ApiError(422, "discovery.reviews.notCompleted");
      const row = await repo.insert({
        platformProductCode: order.platformProductCode,
        orderCode: order.code,
        customerId,
        rating: input.rating,
        body: input.body.trim().slice(0, REVIEW_MAX_LENGTH),
        locale,
      });
      if (!row) throw new ApiError(409, "discovery.reviews.alreadyReviewed");
      await deps.onChange?.();
      return view(row);
    },

    /** The console's moderation list (issue 16 Content): every review, with its status and hiding reason. */
    async list(query: { plan?: string; status?: ReviewStatus; page: number; size: number }) {
      const { total, rows } = await repo.list(query);
      return {
        total,
        rows: rows.map((row) => ({
          ...view(row),
          platformProductCode: row.platformProductCode,
          orderCode: row.orderCode,
          status: row.status,
          hiddenReason: row.hiddenReason,
          hiddenAt: row.hiddenAt?.toISOString() ?? null,
        })),
      };
    },

    /** Drops cached summaries (the console calls it after its hiding transaction commits). */
    changed: () => deps.onChange?.(),

    async hideReview(tx: Database, reviewId: number, reason: string) {
      const hidden = await hideReview(tx, reviewId, reason, clock);
      await deps.onChange?.();
      return hidden;
    },
    forgetCustomer: (customerId: string, tx: Database) => repo.forgetCustomer(customerId, tx),
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;

/**
 * Hides a review inside the caller's transaction (issue 12: the operator console calls it). The reason is kept
 * with the time; the review leaves the average and the product page at once. 404 for an unknown review.
 */
export async function hideReview(
  tx: Database,
  reviewId: number,
  reason: string,
  clock: () => Date = () => new Date(),
): Promise<ReviewView> {
  const text = reason.trim();
  if (!text)
    throw new ApiError(400, "error.badRequest", { fields: { reason: "discovery.reviews.reasonRequired" } });
  const row = await createReviewRepo(tx).hide(tx, reviewId, text.slice(0, 500), clock());
  if (!row) throw notFound("discovery.reviews.notFound");
  return view(row);
}
