import { DEFAULT_SITE_CODE, LOCALES, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { DESTINATION_TYPES, NETWORK_TYPES } from "../../../db/schema/index.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { SiteService } from "../site/service.ts";
import { areaCodes } from "./area-codes.ts";
import { type ResourceBody, resourceBody } from "./public-resource.ts";

/** The lists of values file (site info pubLovResourceUrl): every small list the storefront's pickers need. */
export interface ListsOfValues {
  lang: Locale;
  areaCodeList: ReturnType<typeof areaCodes>;
  currencyList: { currencyCode: string; currencySymbol: string; minorDigits: number }[];
  languageList: { lang: string; langMeaning: string }[];
  destinationTypeList: { value: string; meaning: string }[];
  networkTypeList: { value: string; meaning: string }[];
  planLabelList: { labelCode: string; labelType: string; labelName: string }[];
}

const CACHE_S = 60;

export function createLovService(site: SiteService, catalog: CatalogService, cache: SharedCache) {
  async function build(locale: Locale): Promise<ResourceBody> {
    const [siteInfo, labels] = await Promise.all([
      site.siteInfo(DEFAULT_SITE_CODE, locale),
      catalog.labels(locale),
    ]);
    const lists: ListsOfValues = {
      lang: locale,
      areaCodeList: areaCodes(locale),
      currencyList: siteInfo.supportCurrencyList.map((c) => ({
        currencyCode: c.currencyCode,
        currencySymbol: c.currencySymbol,
        minorDigits: c.minorDigits,
      })),
      languageList: siteInfo.supportLangList,
      destinationTypeList: DESTINATION_TYPES.map((value) => ({
        value,
        meaning: translate(locale, `catalog.destinationType.${value}`),
      })),
      networkTypeList: NETWORK_TYPES.map((value) => ({
        value,
        meaning: translate(locale, `catalog.network.${value}`),
      })),
      planLabelList: labels,
    };
    return resourceBody(lists);
  }

  const cached = cache.define("lists-of-values", {
    ttlS: CACHE_S,
    tags: () => [CACHE_TAGS.site, CACHE_TAGS.currencies, CACHE_TAGS.catalog],
    load: build,
  });

  return {
    locales: LOCALES,
    /** The file's body and ETag for a locale, in the shared cache for a minute (ADR 0176). */
    listsOfValues(locale: Locale): Promise<ResourceBody> {
      return cached(locale);
    },
  };
}

export type LovService = ReturnType<typeof createLovService>;
