import type { Locale } from "../../../core/constants.ts";
import { type ResourceBody, resourceBody } from "../lov/public-resource.ts";
import type { RegionRepo } from "./repo.ts";
import { buildRegionTree, type RegionNode } from "./tree.ts";

const CACHE_MS = 60_000;

export function createRegionService(repo: RegionRepo) {
  const cache = new Map<Locale, { at: number; value: Promise<ResourceBody> }>();

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

  return {
    tree,
    /** The region resource file (site info regionResourceUrl) for a locale, cached in-process for a minute. */
    regionResource(locale: Locale): Promise<ResourceBody> {
      const hit = cache.get(locale);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
      const value = tree(locale).then(resourceBody);
      cache.set(locale, { at: Date.now(), value });
      value.catch(() => cache.delete(locale));
      return value;
    },
  };
}

export type RegionService = ReturnType<typeof createRegionService>;
