import { inArray } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { plans } from "../../../db/schema/index.ts";
import { CACHE_TAGS, catalogChangeTags, type SharedCache } from "../../infra/cache.ts";

/**
 * Beyond this many plans a change clears the whole catalogue: one tag instead of thousands, and a change that
 * large (a sync of a whole supplier) touches most pages anyway.
 */
const MAX_EXACT_PLANS = 1_000;

/**
 * What a committed catalogue change clears, on every instance (ADR 0282): the changed plans, their destinations
 * (whose shelves and "from" prices show them) and the lists that span the catalogue. A page that showed none of
 * them (another destination's product page) stays cached.
 */
export function createCatalogInvalidation(db: Database, cache: SharedCache) {
  async function destinationsOfPlans(codes: string[]) {
    if (codes.length === 0) return [];
    const rows = await db
      .select({ destinationCode: plans.destinationCode })
      .from(plans)
      .where(inArray(plans.platformProductCode, codes));
    return rows.map((row) => row.destinationCode);
  }

  async function plansOfDestinations(codes: string[]) {
    if (codes.length === 0) return [];
    const rows = await db
      .select({ code: plans.platformProductCode })
      .from(plans)
      .where(inArray(plans.destinationCode, codes));
    return rows.map((row) => row.code);
  }

  const everything = () => cache.invalidate([CACHE_TAGS.catalog]);

  return {
    /** The whole catalogue changed, or what changed is not known. */
    everything,

    /**
     * These plans changed (a row, a price, the shelf). `destinations` names destinations they left or joined that
     * the plans' rows no longer say (none today: a plan keeps its destination). `shelves: false` when no plan was
     * published, unpublished, added or reordered (a price, a title, labels): lists of destinations' headline
     * plans then stay (ADR 0289). Unsaid, the shelves changed.
     */
    async plansChanged(
      codes: Iterable<string>,
      destinations: Iterable<string> = [],
      { shelves = true }: { shelves?: boolean } = {},
    ) {
      const unique = [...new Set(codes)];
      if (unique.length === 0) return;
      if (unique.length > MAX_EXACT_PLANS) return everything();
      const touched = [...destinations, ...(await destinationsOfPlans(unique))];
      await cache.invalidate(catalogChangeTags({ plans: unique, destinations: touched, shelves }));
    },

    /**
     * These destinations changed (names, flag, search aliases, continent, shown or not): their own entries, the
     * lists, and their plans (product cards and blocks show the destination's name and art with each plan).
     */
    async destinationsChanged(codes: Iterable<string>) {
      const unique = [...new Set(codes)];
      if (unique.length === 0) return;
      const planCodes = await plansOfDestinations(unique);
      if (planCodes.length > MAX_EXACT_PLANS) return everything();
      await cache.invalidate(
        catalogChangeTags({ plans: planCodes, destinations: unique, destinationsEdited: true }),
      );
    },
  };
}

export type CatalogInvalidation = ReturnType<typeof createCatalogInvalidation>;
