import type { Database } from "../../../db/client.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createReviewConsole } from "./console-service.ts";
import { createReviewRepo } from "./repo.ts";
import { reviewRoutes } from "./routes.ts";
import { createReviewService } from "./service.ts";

type ReviewServiceDeps = Parameters<typeof createReviewService>[0];

export interface ReviewsModuleDeps {
  db: Database;
  cache: SharedCache;
  /** The order module's look-up by code: only a shopper who bought the plan reviews it. */
  orders: { findByCode: ReviewServiceDeps["findOrder"] };
}

export function createReviewsModule(deps: ReviewsModuleDeps) {
  const { db, cache } = deps;
  const reviews = createReviewService({
    db,
    repo: createReviewRepo(db),
    findOrder: (code) => deps.orders.findByCode(code),
    // Any invalidation clears the page cache (app.ts), so the product page shows the review at once.
    onChange: () => cache.invalidate([CACHE_TAGS.reviews]),
    cache,
  });
  // Moderation in the console (ADRs 0235, 0420): hiding a review is audited in its transaction.
  return { reviews, reviewConsole: createReviewConsole({ db, reviews }) };
}

export const reviewsModule = defineModule<Parameters<typeof reviewRoutes>[1]>({
  name: "reviews",
  jobKinds: [],
  routes: (app, services) => reviewRoutes(app, services),
});
