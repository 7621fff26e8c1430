import type { Locale } from "../../../core/constants.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { type ResourceBody, resourceBody } from "../lov/public-resource.ts";
import type { RegionRepo } from "./repo.ts";
import { buildRegionTree, type RegionNode } from "./tree.ts";

const CACHE_S = 60;

export interface AddressCodes {
  regionCode: string;
  cityCode: string;
  districtCode: string;
}

/** spec 3 Picked address: regionName/Code, cityName/Code, districtName/Code. */
export interface PickedAddress extends AddressCodes {
  regionName: string;
  cityName: string;
  districtName: string;
}

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
    /**
     * A picked address (spec 3) with its names in the locale, when the three codes are one branch of the pruned
     * tree down to the last level (spec 5: the picker completes at the last level); else null.
     */
    async resolve(locale: Locale, codes: AddressCodes): Promise<PickedAddress | null> {
      const region = (await tree(locale)).find((n) => n.regionCode === codes.regionCode);
      const city = region?.child.find((n) => n.regionCode === codes.cityCode);
      const district = city?.child.find((n) => n.regionCode === codes.districtCode);
      if (!region || !city || !district || district.child.length > 0) return null;
      return {
        regionCode: region.regionCode,
        regionName: region.regionName,
        cityCode: city.regionCode,
        cityName: city.regionName,
        districtCode: district.regionCode,
        districtName: district.regionName,
      };
    },
    /** The region resource file (site info regionResourceUrl) for a locale, in the shared cache for a minute. */
    regionResource(locale: Locale): Promise<ResourceBody> {
      return cached(locale);
    },
  };
}

export type RegionService = ReturnType<typeof createRegionService>;
