import type { Locale } from "../../../core/constants.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { type ResourceBody, resourceBody } from "../lov/public-resource.ts";
import type { RegionRepo } from "./repo.ts";
import { buildRegionTree, type RegionNode } from "./tree.ts";

const CACHE_S = 60;

export function createRegionService(repo: RegionRepo, cache: SharedCache) {
  async function tree(locale: Locale): Promise<RegionNode[]> {
    const rows = await repo.allRegions();
    return buildRegionTree(
      rows.map((row) => ({
        regionCode: row.regionCode,
        regionName: row.name[locale] || row.name.en_US,
        parentRegionCode: row.parentRegionCode,
        level: row.level,
        sortOrder: row.sortOrder,
      })),
    );
  }

  const cached = cache.define("region-resource", {
    ttlS: CACHE_S,
    tags: () => [CACHE_TAGS.regions],
    load: (locale: Locale) => tree(locale).then(resourceBody),
  });

  return {
    tree,
    /** The region resource file (site info regionResourceUrl) for a locale, in the shared cache for a minute. */
    regionResource(locale: Locale): Promise<ResourceBody> {
      return cached(locale);
    },
  };
}

export type RegionService = ReturnType<typeof createRegionService>;
