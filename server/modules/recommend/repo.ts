import { asc, desc, eq, sql } from "drizzle-orm";
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
    /**
     * Every item of a curated list in score order, on the shelf or not: a page and the count are the items on the
     * shelf, and the others name the plans whose publishing would bring them in (ADR 0289).
     */
    curatedItems(recommendCode: string) {
      return db
        .select({
          platformProductCode: recommendItems.platformProductCode,
          score: recommendItems.score,
          onShelf: sql<boolean>`${plans.status} = 'ON_SHELF'`,
        })
        .from(recommendItems)
        .innerJoin(plans, eq(plans.platformProductCode, recommendItems.platformProductCode))
        .where(eq(recommendItems.recommendCode, recommendCode))
        .orderBy(desc(recommendItems.score), asc(recommendItems.id));
    },
    /**
     * Each enabled destination's first plan on the shelf (its headline plan), destinations most popular first,
     * limited to a destination type or a category; with every destination the list could take its plans from,
     * shown or not (ADR 0289: a change to one of them can change the list).
     */
    async headlinePlans(
      filter: { type: DestinationType } | { categoryCode: string },
    ): Promise<{ codes: string[]; destinations: string[] }> {
      const firstPlan = sql<string | null>`(
        select ${plans.platformProductCode} from ${plans}
        where ${plans.destinationCode} = ${destinations.code} and ${plans.status} = 'ON_SHELF'
        order by ${plans.sortOrder}, ${plans.platformProductCode} limit 1)`;
      const columns = {
        destinationCode: destinations.code,
        enabled: destinations.enabled,
        platformProductCode: firstPlan,
      };
      const rows =
        "type" in filter
          ? await db
              .select(columns)
              .from(destinations)
              .where(eq(destinations.type, filter.type))
              .orderBy(desc(destinations.popularity), asc(destinations.code))
          : await db
              .select(columns)
              .from(categoryDestinations)
              .innerJoin(destinations, eq(destinations.code, categoryDestinations.destinationCode))
              .where(eq(categoryDestinations.categoryCode, filter.categoryCode))
              .orderBy(asc(categoryDestinations.sortOrder), desc(destinations.popularity));
      return {
        codes: rows.flatMap((row) =>
          row.enabled && row.platformProductCode ? [row.platformProductCode] : [],
        ),
        destinations: rows.map((row) => row.destinationCode),
      };
    },
  };
}

export type RecommendRepo = ReturnType<typeof createRecommendRepo>;
