import type { Locale } from "../../../core/constants.ts";
import { BASE_CURRENCY, convertMinor } from "../../../core/pricing.ts";
import type { DestinationType, NetworkType } from "../../../db/schema/index.ts";
import type { LocalizedText } from "../../../db/schema/localized.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { CACHE_TAGS, CATALOG_TAGS, type SharedCache } from "../../infra/cache.ts";
import type { CatalogRepo } from "./repo.ts";

/** The base currency every plan is priced in; other currencies fall back to a conversion from it (ADR 0010). */
/** spec 3 Continent, exactly as the destination picker reads it. */
export interface Continent {
  continentId: number;
  continentName: string;
  continentImgUrl: string;
  continentThumbnailUrl: string;
  /** 1 = an "area" tab (regional and global plans), 0 = a continent of countries. */
  showFlag: number;
  cmiCountryList: { countryId: string; countryName: string; countryThumbnailUrl: string }[];
}

export interface DestinationSummary {
  code: string;
  type: DestinationType;
  name: string;
  imageUrl: string;
  thumbnailUrl: string;
  popularity: number;
}

export interface PlanLabel {
  labelCode: string;
  labelType: string;
  labelName: string;
}

/** A plan priced in one currency (integer minor units), localized. */
export interface PlanView {
  platformProductCode: string;
  destinationCode: string;
  destinationName: string;
  destinationType: DestinationType;
  title: string;
  dataMb: number | null;
  unlimited: boolean;
  dailyHighSpeedMb: number | null;
  validityDays: number;
  hotspot: boolean;
  network: NetworkType;
  imageUrl: string;
  labels: PlanLabel[];
  currencyCode: string;
  unitPrice: number;
  /** The struck-through original; null when there is none (spec 3: hidden when empty or equal). */
  displayPrice: number | null;
}

export interface PlanCoverageView {
  countryCode: string;
  countryName: string;
  operators: string[];
  network: NetworkType;
}

export interface PlanDetail extends PlanView {
  coverage: PlanCoverageView[];
}

interface NamedRow {
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
}

export function localizedName(row: NamedRow, locale: Locale): string {
  return locale === "zh_CN" ? row.nameZhCn : locale === "zh_HK" ? row.nameZhHk : row.nameEn;
}

const text = (value: LocalizedText, locale: Locale) => value[locale] || value.en_US;

/** One destination of the picker, in every language: what the picker shows once localized. */
interface PickerRow {
  code: string;
  type: DestinationType;
  nameEn: string;
  nameZhCn: string;
  nameZhHk: string;
  thumbnailUrl: string;
  fromPrice: number;
}

/** Seconds a picker's "from" prices are kept: every catalogue or rate change clears them first (ADR 0281). */
const PICKER_S = 300;

/**
 * The catalogue's rules. With the shared cache, the destination picker is computed once per type and currency
 * (ADR 0281): its "from" prices read every plan price of the type, work that grows with the catalogue.
 */
export function createCatalogService(repo: CatalogRepo, cache?: SharedCache) {
  async function currencyOrThrow(currencyCode: string) {
    const currency = await repo.findCurrency(currencyCode);
    if (!currency)
      throw new ApiError(400, "catalog.currencyUnsupported", { params: { currency: currencyCode } });
    return currency;
  }

  /** Prices the plans in a currency: its own price point, else converted from the base currency. */
  async function priced(
    rows: Awaited<ReturnType<CatalogRepo["onShelfPlansOf"]>>,
    currencyCode: string,
    locale: Locale,
  ): Promise<PlanView[]> {
    if (rows.length === 0) return [];
    const currency = await currencyOrThrow(currencyCode);
    const base = currencyCode === BASE_CURRENCY ? currency : await currencyOrThrow(BASE_CURRENCY);
    const codes = rows.map((row) => row.platformProductCode);
    const destinationCodes = [...new Set(rows.map((row) => row.destinationCode))];
    const [priceRows, labelRows, destinationRows] = await Promise.all([
      repo.prices(codes, [currencyCode, BASE_CURRENCY]),
      repo.labels(),
      Promise.all(destinationCodes.map((code) => repo.findDestination(code))),
    ]);
    const priceOf = new Map(priceRows.map((p) => [`${p.platformProductCode}|${p.currencyCode}`, p]));
    const labelOf = new Map(labelRows.map((label) => [label.labelCode, label]));
    const destinationOf = new Map(destinationRows.flatMap((d) => (d ? [[d.code, d] as const] : [])));
    return rows.flatMap((row) => {
      const destination = destinationOf.get(row.destinationCode);
      let price = priceOf.get(`${row.platformProductCode}|${currencyCode}`);
      if (!price) {
        const basePrice = priceOf.get(`${row.platformProductCode}|${BASE_CURRENCY}`);
        if (!basePrice) return []; // a plan with no base price is not for sale
        const convert = (amount: number) =>
          convertMinor(amount, base.minorDigits, currency.minorDigits, currency.rateFromBase);
        price = {
          ...basePrice,
          currencyCode,
          unitPrice: convert(basePrice.unitPrice),
          displayPrice: basePrice.displayPrice === null ? null : convert(basePrice.displayPrice),
        };
      }
      if (!destination) return [];
      const displayPrice =
        price.displayPrice !== null && price.displayPrice > price.unitPrice ? price.displayPrice : null;
      return [
        {
          platformProductCode: row.platformProductCode,
          destinationCode: row.destinationCode,
          destinationName: localizedName(destination, locale),
          destinationType: destination.type,
          title: text(row.title, locale),
          dataMb: row.dataMb,
          unlimited: row.unlimited,
          dailyHighSpeedMb: row.dailyHighSpeedMb,
          validityDays: row.validityDays,
          hotspot: row.hotspot,
          network: row.network,
          imageUrl: destination.imageUrl,
          labels: row.labelCodes.flatMap((labelCode) => {
            const label = labelOf.get(labelCode);
            return label
              ? [{ labelCode, labelType: label.labelType, labelName: text(label.name, locale) }]
              : [];
          }),
          currencyCode,
          unitPrice: price.unitPrice,
          displayPrice,
        },
      ];
    });
  }

  /**
   * The destination picker's rows (issue 12, ADR 0262), unlocalized: the destinations of a type that have a plan
   * on sale, most popular first, each with its lowest plan price in the currency.
   */
  async function loadPickerRows({
    type,
    currencyCode,
  }: {
    type: DestinationType;
    currencyCode: string;
  }): Promise<PickerRow[]> {
    const currency = await currencyOrThrow(currencyCode);
    const base = currencyCode === BASE_CURRENCY ? currency : await currencyOrThrow(BASE_CURRENCY);
    const [rows, priceRows] = await Promise.all([
      repo.destinationsByType(type),
      repo.typePlanPrices(type, [currencyCode, BASE_CURRENCY]),
    ]);
    // A plan's own price in the currency, else its base price converted (as the plan list prices it).
    const perPlan = new Map<string, { destinationCode: string; own?: number; base?: number }>();
    for (const row of priceRows) {
      const entry = perPlan.get(row.platformProductCode) ?? { destinationCode: row.destinationCode };
      if (row.currencyCode === currencyCode) entry.own = row.unitPrice;
      if (row.currencyCode === BASE_CURRENCY) entry.base = row.unitPrice;
      perPlan.set(row.platformProductCode, entry);
    }
    const from = new Map<string, number>();
    for (const entry of perPlan.values()) {
      const price =
        entry.own ??
        (entry.base === undefined
          ? undefined
          : convertMinor(entry.base, base.minorDigits, currency.minorDigits, currency.rateFromBase));
      if (price === undefined) continue;
      const known = from.get(entry.destinationCode);
      if (known === undefined || price < known) from.set(entry.destinationCode, price);
    }
    return rows.flatMap((row) => {
      const fromPrice = from.get(row.code);
      return fromPrice === undefined
        ? []
        : [
            {
              code: row.code,
              type: row.type,
              nameEn: row.nameEn,
              nameZhCn: row.nameZhCn,
              nameZhHk: row.nameZhHk,
              thumbnailUrl: row.thumbnailUrl,
              fromPrice,
            },
          ];
    });
  }

  // Any destination or plan change clears `catalog:lists` (catalogChangeTags), a new rate `currencies`.
  const pickerRows = cache
    ? cache.define("catalog-picker", {
        ttlS: PICKER_S,
        tags: () => [CACHE_TAGS.catalog, CATALOG_TAGS.lists, CACHE_TAGS.currencies],
        load: loadPickerRows,
      })
    : loadPickerRows;

  return {
    /** spec 3 Continent list: six continents of countries, then the area tabs (showFlag 1). */
    async continentList(locale: Locale): Promise<Continent[]> {
      const [continentRows, members] = await Promise.all([repo.continents(), repo.continentMembers()]);
      return continentRows.map((continent) => ({
        continentId: continent.continentId,
        continentName: text(continent.name, locale),
        continentImgUrl: continent.imageUrl,
        continentThumbnailUrl: continent.thumbnailUrl,
        showFlag: continent.showFlag,
        cmiCountryList: members
          .filter((member) => member.continentId === continent.continentId)
          .map((member) => ({
            countryId: member.code,
            countryName: localizedName(member, locale),
            countryThumbnailUrl: member.thumbnailUrl,
          })),
      }));
    },

    async listDestinations(type: DestinationType, locale: Locale): Promise<DestinationSummary[]> {
      const rows = await repo.destinationsByType(type);
      return rows.map((row) => ({
        code: row.code,
        type: row.type,
        name: localizedName(row, locale),
        imageUrl: row.imageUrl,
        thumbnailUrl: row.thumbnailUrl,
        popularity: row.popularity,
      }));
    },

    /**
     * The destination picker (issue 12, ADR 0262): the destinations of a type that have a plan on sale, most
     * popular first, each with its lowest plan price in the currency ("from").
     */
    async destinationPicker(type: DestinationType, currencyCode: string, locale: Locale) {
      // An unsupported currency fails here, before the cache (a failed load would be reported as an error).
      await currencyOrThrow(currencyCode);
      const rows = await pickerRows({ type, currencyCode });
      return rows.map((row) => ({
        code: row.code,
        type: row.type,
        name: localizedName(row, locale),
        thumbnailUrl: row.thumbnailUrl,
        currencyCode,
        fromPrice: row.fromPrice,
      }));
    },

    /** The plans on sale for a destination, in shelf order; 404 for an unknown destination. */
    async listPlansForDestination(destinationCode: string, currencyCode: string, locale: Locale) {
      const destination = await repo.findDestination(destinationCode);
      if (!destination?.enabled) throw notFound("catalog.destinationNotFound");
      return priced(await repo.onShelfPlansOf(destinationCode), currencyCode, locale);
    },

    /** One plan on sale, priced in the currency, with its coverage; 404 when unknown or off the shelf. */
    async getPlan(platformProductCode: string, currencyCode: string, locale: Locale): Promise<PlanDetail> {
      const row = await repo.findPlan(platformProductCode);
      if (row?.status !== "ON_SHELF") throw notFound("catalog.planNotFound");
      const [view] = await priced([row], currencyCode, locale);
      if (!view) throw notFound("catalog.planNotFound");
      const coverage = await repo.coverage(platformProductCode);
      return {
        ...view,
        coverage: coverage.map((c) => ({
          countryCode: c.countryCode,
          countryName: localizedName(c, locale),
          operators: c.operators,
          network: c.network,
        })),
      };
    },

    /** Many plans on sale, priced in one pass (no coverage); unknown or off-shelf codes are left out. */
    async priceMany(platformProductCodes: readonly string[], currencyCode: string, locale: Locale) {
      return priced(await repo.onShelfPlans(platformProductCodes), currencyCode, locale);
    },

    /** The plan labels with localized names (lists of values). */
    async labels(locale: Locale): Promise<PlanLabel[]> {
      const rows = await repo.labels();
      return rows.map((label) => ({
        labelCode: label.labelCode,
        labelType: label.labelType,
        labelName: text(label.name, locale),
      }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
