import type { Locale } from "../../../core/constants.ts";
import { type PageList, pageList } from "../../../core/lists.ts";
import { BASE_CURRENCY } from "../../../core/pricing.ts";
import type { DestinationType, NetworkType } from "../../../db/schema/index.ts";
import { ApiError } from "../../http/errors.ts";
import type { SearchService } from "../search/service.ts";
import type { CampaignGate } from "./campaign-gate.ts";
import type { ProductListFilter, ProductListRepo } from "./product-list-repo.ts";
import { type ProductQuery, pricePerGb } from "./product-query.ts";
import type { CatalogRepo } from "./repo.ts";
import { localizedName } from "./service.ts";

/** How many matched destinations a keyword search lists plans for. */
const KEYWORD_DESTINATIONS = 12;

/** spec 3 Product (media) fields, plus what a plan card shows (ADR 0081). */
export interface ProductItem {
  platformProductCode: string;
  title: string;
  currencyCode: string;
  unitPrice: number;
  /** The struck-through original; null when empty or not above unitPrice (spec 3). */
  displayPrice: number | null;
  imageUrl: string;
  mediaUrl: string;
  labelList: string[];
  labelTypes: string[];
  /** The destination's name. */
  entityName: string;
  destinationCode: string;
  destinationType: DestinationType;
  dataMb: number | null;
  unlimited: boolean;
  dailyHighSpeedMb: number | null;
  validityDays: number;
  network: NetworkType;
  hotspot: boolean;
  /** Minor units per GB; null for unlimited plans. */
  pricePerGb: number | null;
}

export interface Offer {
  currencyCode: string;
  minorDigits: number;
  unitPrice: number;
  displayPrice: number | null;
}

const intersect = (a: string[] | undefined, b: string[]) => (a ? a.filter((code) => b.includes(code)) : b);

export function createProductListService(deps: {
  repo: ProductListRepo;
  catalogRepo: CatalogRepo;
  search: SearchService;
  campaigns: CampaignGate;
}) {
  const { repo, catalogRepo, search } = deps;

  async function pricedCurrency(currencyCode: string) {
    const [currency, base] = await Promise.all([
      catalogRepo.findCurrency(currencyCode),
      catalogRepo.findCurrency(BASE_CURRENCY),
    ]);
    if (!currency || !base)
      throw new ApiError(400, "catalog.currencyUnsupported", { params: { currency: currencyCode } });
    return {
      code: currency.code,
      rateFromBase: currency.rateFromBase,
      digitShift: currency.minorDigits - base.minorDigits,
      minorDigits: currency.minorDigits,
    };
  }

  /**
   * Turns the spec 2 parameters into a filter (ADR 0081). Each parameter narrows the list: a category
   * (storefront category, destination code or continent tab id), a chosen association (hitName), typed text
   * (keyword or search), covered countries, a campaign's plans, and the destination type.
   */
  async function scope(query: ProductQuery, locale: Locale): Promise<ProductListFilter | null> {
    const filter: ProductListFilter = {};
    let singleDestination = false;
    if (query.marketingCode) filter.platformProductCodes = await repo.campaignPlans(query.marketingCode);
    if (query.categoryCode) {
      const code = query.categoryCode;
      const category = await repo.categoryDestinations(code);
      if (category) filter.destinationCodes = category;
      else if (await repo.destinationType(code.toUpperCase())) {
        filter.destinationCodes = [code.toUpperCase()];
        singleDestination = true;
      } else if (/^\d{1,6}$/.test(code))
        filter.destinationCodes = await repo.continentDestinations(Number(code));
      else return null;
    }
    if (query.hitName && query.hitNameSource === "PACKAGE") {
      filter.titleContains = { locale, text: query.hitName };
    } else if (query.hitName) {
      const named = await repo.destinationsNamed([query.hitName]);
      const codes = named.length
        ? named.map((d) => d.code)
        : (await search.matchDestinations(query.hitName, KEYWORD_DESTINATIONS)).map((hit) => hit.code);
      filter.destinationCodes = intersect(filter.destinationCodes, codes);
      filter.relevance = true;
      singleDestination ||= codes.length === 1;
    } else if (query.keyword || query.search) {
      const hits = await search.matchDestinations(query.keyword ?? query.search ?? "", KEYWORD_DESTINATIONS);
      filter.destinationCodes = intersect(
        filter.destinationCodes,
        hits.map((hit) => hit.code),
      );
      filter.relevance = true;
    }
    if (query.sourceCountryNames?.length) {
      const countries = (await repo.destinationsNamed(query.sourceCountryNames)).filter(
        (d) => d.type === "COUNTRY",
      );
      if (countries.length === 0) return null;
      const covering = await repo.destinationsCovering(countries.map((c) => c.code));
      filter.destinationCodes = intersect(filter.destinationCodes, covering);
    }
    // A destination named outright wins over a type that disagrees with it (the categories popup links regions
    // with type=COUNTRY).
    if (query.type && !singleDestination) filter.types = [query.type];
    if (filter.destinationCodes?.length === 0 || filter.platformProductCodes?.length === 0) return null;
    return filter;
  }

  return {
    /** spec 2 /plp: one page of plans (page mode, spec 3), priced in the currency. */
    async list(query: ProductQuery, currencyCode: string, locale: Locale): Promise<PageList<ProductItem>> {
      // Keeps search terms and planner statistics current (checked at most once a minute).
      await search.ensureTerms();
      const [currency, filter, labels] = await Promise.all([
        pricedCurrency(currencyCode),
        scope(query, locale),
        catalogRepo.labels(),
      ]);
      if (!filter) return pageList([], 0);
      if (query.data) filter.data = query.data;
      if (query.days) filter.days = query.days;
      if (query.unlimited) filter.unlimited = true;
      if (query.fiveG) filter.fiveG = true;
      if (query.maxPrice !== undefined) filter.maxUnitPrice = query.maxPrice * 10 ** currency.minorDigits;
      const rows = await repo.page(filter, currency, query.sort, query.page, query.size);
      const labelOf = new Map(labels.map((label) => [label.labelCode, label]));
      const items = rows.map((row): ProductItem => {
        const rowLabels = row.labelCodes.flatMap((code) => {
          const label = labelOf.get(code);
          return label ? [label] : [];
        });
        return {
          platformProductCode: row.platformProductCode,
          title: row.title[locale] || row.title.en_US,
          currencyCode: currency.code,
          unitPrice: row.unitPrice,
          displayPrice:
            row.displayPrice !== null && row.displayPrice > row.unitPrice ? row.displayPrice : null,
          imageUrl: row.imageUrl,
          mediaUrl: row.imageUrl,
          labelList: rowLabels.map((label) => label.name[locale] || label.name.en_US),
          labelTypes: rowLabels.map((label) => label.labelType),
          entityName: localizedName(row, locale),
          destinationCode: row.destinationCode,
          destinationType: row.destinationType,
          dataMb: row.dataMb,
          unlimited: row.unlimited,
          dailyHighSpeedMb: row.dailyHighSpeedMb,
          validityDays: row.validityDays,
          network: row.network,
          hotspot: row.hotspot,
          pricePerGb: row.unlimited ? null : pricePerGb(row.unitPrice, row.dataMb),
        };
      });
      // Past the last page the window function has no row to report the total on; count again only then.
      const total =
        rows[0]?.total ??
        (query.page > 0 ? ((await repo.page(filter, currency, query.sort, 0, 1))[0]?.total ?? 0) : 0);
      return pageList(items, total);
    },

    /** spec 4 campaign gate: POST /o2pcm/v1/query-target-info. */
    campaignTargets(codes: readonly string[]) {
      return deps.campaigns.targetInfo(codes);
    },

    /** A plan's price in every currency the site sells in (Product JSON-LD offers). */
    async offers(platformProductCode: string): Promise<Offer[]> {
      const rows = await repo.offers(platformProductCode);
      return rows.map((row) => ({
        currencyCode: row.currencyCode,
        minorDigits: row.minorDigits,
        unitPrice: row.unitPrice,
        displayPrice: row.displayPrice !== null && row.displayPrice > row.unitPrice ? row.displayPrice : null,
      }));
    },
  };
}

export type ProductListService = ReturnType<typeof createProductListService>;
