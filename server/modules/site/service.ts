import type { Locale } from "../../../core/constants.ts";
import { notFound } from "../../http/errors.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import { createCurrencies } from "./currencies.ts";
import type { SiteRepo } from "./repo.ts";

export interface Currency {
  currencyCode: string;
  currencySymbol: string;
  minorDigits: number;
  rateFromBase: string;
}

/** spec 3: site info, as the storefront and the native app read it. */
export interface SiteInfo {
  siteCode: string;
  catalogCode: string;
  catalogVersionCode: string;
  currencySymbol: string;
  defCurrencyCode: string;
  defLanguageCode: string;
  onlineShopCode: string;
  tenantId: string;
  siteTypeCode: string;
  pubLovResourceUrl: string;
  regionResourceUrl: string;
  defaultOnlineShop: string;
  defaultOnlineShopName: string;
  supportLangList: { lang: string; langMeaning: string }[];
  supportCurrencyList: Currency[];
  privacyPolicy: string;
  privacyPolicyCn: string;
  privacyPolicyHk: string;
  tacCondition: string;
  tacConditionCn: string;
  tacConditionHk: string;
}

const CACHE_S = 10;

export function createSiteService(repo: SiteRepo, cache: SharedCache) {
  const currencies = createCurrencies(repo, cache);
  async function load(siteCode: string, locale: Locale): Promise<SiteInfo> {
    const site = await repo.findSite(siteCode);
    if (!site) throw notFound("error.notFound");
    const [languages, currencyRows] = await Promise.all([repo.languages(siteCode), repo.enabledCurrencies()]);
    const supportCurrencyList = currencyRows.map((row) => ({
      currencyCode: row.code,
      currencySymbol: row.symbol,
      minorDigits: row.minorDigits,
      rateFromBase: row.rateFromBase,
    }));
    const defaultCurrency = supportCurrencyList.find((c) => c.currencyCode === site.defCurrencyCode);
    return {
      siteCode: site.siteCode,
      catalogCode: site.catalogCode,
      catalogVersionCode: site.catalogVersionCode,
      currencySymbol: defaultCurrency?.currencySymbol ?? "HK$",
      defCurrencyCode: site.defCurrencyCode,
      defLanguageCode: site.defLanguageCode,
      onlineShopCode: site.onlineShopCode,
      tenantId: site.tenantId,
      siteTypeCode: site.siteTypeCode,
      pubLovResourceUrl: `/pub-res/lov/${locale}.json`,
      regionResourceUrl: `/pub-res/region/${locale}.json`,
      defaultOnlineShop: site.onlineShopCode,
      defaultOnlineShopName: site.onlineShopName,
      supportLangList: languages.map((l) => ({ lang: l.lang, langMeaning: l.langMeaning })),
      supportCurrencyList,
      privacyPolicy: site.privacyPolicyUrls.en_US ?? "",
      privacyPolicyCn: site.privacyPolicyUrls.zh_CN ?? "",
      privacyPolicyHk: site.privacyPolicyUrls.zh_HK ?? "",
      tacCondition: site.tacConditionUrls.en_US ?? "",
      tacConditionCn: site.tacConditionUrls.zh_CN ?? "",
      tacConditionHk: site.tacConditionUrls.zh_HK ?? "",
    };
  }

  // Site info is read on every page render; the shared cache keeps it off the hot path (ADR 0176).
  const cached = cache.define("site-info", {
    ttlS: CACHE_S,
    tags: () => [CACHE_TAGS.site, CACHE_TAGS.currencies],
    load: ({ siteCode, locale }: { siteCode: string; locale: Locale }) => load(siteCode, locale),
  });

  return {
    siteInfo(siteCode: string, locale: Locale): Promise<SiteInfo> {
      return cached({ siteCode, locale });
    },
    /** After the site's settings change: every instance reads them again. */
    invalidate() {
      return cache.invalidate([CACHE_TAGS.site]);
    },
    /** The store's currencies and rates, by code (server/modules/site/currencies.ts). */
    currencies,
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
