import { and, asc, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  categoryDestinations,
  type DestinationType,
  destinations,
  plans,
  recommendItems,
  recommendLists,
} from "../../../db/schema/index.ts";

/**
 * Recommendation lists (spec 7 product/recommend). The curated lists are this module's tables; the derived
 * lists (a destination type, a category) only read the catalogue's destinations and plans (ADR 0071).
 */
export function createRecommendRepo(db: Database) {
  return {
    async listExists(recommendCode: string) {
      const [row] = await db
        .select({ code: recommendLists.recommendCode })
        .from(recommendLists)
        .where(eq(recommendLists.recommendCode, recommendCode))
        .limit(1);
      return Boolean(row);
    },
    /** One page of a curated list in score order, below maxScore when given. */
    curatedPage(recommendCode: string, size: number, maxScore: number | undefined) {
      const below = maxScore === undefined ? undefined : lt(recommendItems.score, maxScore);
      return db
        .select({ platformProductCode: recommendItems.platformProductCode, score: recommendItems.score })
        .from(recommendItems)
        .innerJoin(plans, eq(plans.platformProductCode, recommendItems.platformProductCode))
        .where(and(eq(recommendItems.recommendCode, recommendCode), eq(plans.status, "ON_SHELF"), below))
        .orderBy(desc(recommendItems.score), asc(recommendItems.id))
        .limit(size);
    },
    async curatedCount(recommendCode: string) {
      const [row] = await db
        .select({ total: count() })
        .from(recommendItems)
        .innerJoin(plans, eq(plans.platformProductCode, recommendItems.platformProductCode))
        .where(and(eq(recommendItems.recommendCode, recommendCode), eq(plans.status, "ON_SHELF")));
      return row?.total ?? 0;
    },
    /**
     * Each enabled destination's first plan on the shelf (its headline plan), destinations most popular first,
     * limited to a destination type or a category.
     */
    async headlinePlans(filter: { type: DestinationType } | { categoryCode: string }) {
      const firstPlan = sql<string>`(
        select ${plans.platformProductCode} from ${plans}
        where ${plans.destinationCode} = ${destinations.code} and ${plans.status} = 'ON_SHELF'
        order by ${plans.sortOrder}, ${plans.platformProductCode} limit 1)`;
      if ("type" in filter) {
        const rows = await db
          .select({ platformProductCode: firstPlan })
          .from(destinations)
          .where(and(eq(destinations.type, filter.type), eq(destinations.enabled, true)))
          .orderBy(desc(destinations.popularity), asc(destinations.code));
        return rows.flatMap((row) => (row.platformProductCode ? [row.platformProductCode] : []));
      }
      const rows = await db
        .select({ platformProductCode: firstPlan })
        .from(categoryDestinations)
        .innerJoin(destinations, eq(destinations.code, categoryDestinations.destinationCode))
        .where(
          and(eq(categoryDestinations.categoryCode, filter.categoryCode), eq(destinations.enabled, true)),
        )
        .orderBy(asc(categoryDestinations.sortOrder), desc(destinations.popularity));
      return rows.flatMap((row) => (row.platformProductCode ? [row.platformProductCode] : []));
    },
  };
}

export type RecommendRepo = ReturnType<typeof createRecommendRepo>;
