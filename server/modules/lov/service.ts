import { DEFAULT_SITE_CODE, LOCALES, type Locale } from "../../../core/constants.ts";
import { translate } from "../../../core/i18n/index.ts";
import { DESTINATION_TYPES, NETWORK_TYPES } from "../../../db/schema/index.ts";
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

const CACHE_MS = 60_000;

export function createLovService(site: SiteService, catalog: CatalogService) {
  const cache = new Map<Locale, { at: number; value: Promise<ResourceBody> }>();

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

  return {
    locales: LOCALES,
    /** The file's body and ETag for a locale, cached in-process for a minute. */
    listsOfValues(locale: Locale): Promise<ResourceBody> {
      const hit = cache.get(locale);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
      const value = build(locale);
      cache.set(locale, { at: Date.now(), value });
      value.catch(() => cache.delete(locale));
      return value;
    },
  };
}

export type LovService = ReturnType<typeof createLovService>;
