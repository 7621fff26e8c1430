// The product list query (spec 2 /plp) and the filters and sorting added beyond the spec (ADR 0081). Pure and
// framework-free: the API route, the page loader and the browser all read a URL's parameters with it.

export const PLP_TYPES = ["COUNTRY", "REGION", "GLOBAL"] as const;
export type PlpType = (typeof PLP_TYPES)[number];
export const HIT_NAME_SOURCES = ["DESTINATION", "PACKAGE"] as const;
export type HitNameSource = (typeof HIT_NAME_SOURCES)[number];

export const PLP_SORTS = [
  "recommended",
  "price-asc",
  "price-desc",
  "per-gb-asc",
  "data-desc",
  "validity-desc",
] as const;
export type PlpSort = (typeof PLP_SORTS)[number];

const MB_PER_GB = 1024;
/** Data amount chips: inclusive MB bounds (null = open). */
export const DATA_FILTERS = {
  upTo3GB: [null, 3 * MB_PER_GB],
  "5to10GB": [3 * MB_PER_GB + 1, 10 * MB_PER_GB],
  over10GB: [10 * MB_PER_GB + 1, null],
} as const satisfies Record<string, readonly [number | null, number | null]>;
export type DataFilter = keyof typeof DATA_FILTERS;

/** Validity chips: inclusive day bounds. */
export const DAYS_FILTERS = {
  upTo7: [null, 7],
  "8to15": [8, 15],
  "16to30": [16, 30],
  over30: [31, null],
} as const satisfies Record<string, readonly [number | null, number | null]>;
export type DaysFilter = keyof typeof DAYS_FILTERS;

/** spec 9: default list page size 20. */
export const PLP_PAGE_SIZE = 20;
export const PLP_MAX_PAGE_SIZE = 100;

export interface ProductQuery {
  categoryCode?: string;
  categoryName?: string;
  search?: string;
  hitName?: string;
  type?: PlpType;
  /** Countries a regional or global plan must cover (names in any locale, comma-separated in the URL). */
  sourceCountryNames?: string[];
  hitNameSource?: HitNameSource;
  keyword?: string;
  marketingCode?: string;
  data?: DataFilter;
  days?: DaysFilter;
  /** Highest unit price in whole units of the shopper's currency. */
  maxPrice?: number;
  unlimited?: boolean;
  fiveG?: boolean;
  sort: PlpSort;
  page: number;
  size: number;
}

/** The URL parameters that choose the list (spec 2), the filters, sorting and paging; nothing else. */
export const PRODUCT_QUERY_KEYS = [
  "categoryCode",
  "categoryName",
  "search",
  "hitName",
  "type",
  "sourceCountryNames",
  "hitNameSource",
  "keyword",
  "marketingCode",
  "data",
  "days",
  "maxPrice",
  "unlimited",
  "fiveG",
  "sort",
] as const;

/**
 * spec 2: a list reloads when any query parameter other than the visible flag and the search dialog changes.
 * Returns the URL's parameters without those two, in a stable order, for comparing and caching.
 */
export function listIdentity(params: URLSearchParams): string {
  const kept = [...params].filter(([key]) => key !== "visible" && key !== "searchDialog");
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(kept).toString();
}

const TEXT_MAX = 100;
const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,48}$/;

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

export interface ParsedProductQuery {
  query: ProductQuery;
  /** Parameter name → message key of the problem, for the API's 400; the page ignores bad filters instead. */
  errors: Record<string, string>;
}

/** Reads a product list query; invalid values are left out and reported. */
export function parseProductQuery(params: URLSearchParams): ParsedProductQuery {
  const errors: Record<string, string> = {};
  const query: ProductQuery = { sort: "recommended", page: 0, size: PLP_PAGE_SIZE };
  const text = (key: "categoryName" | "search" | "hitName" | "keyword") => {
    const value = params.get(key)?.trim();
    if (!value) return;
    if (value.length > TEXT_MAX) errors[key] = "validation.tooLong";
    else query[key] = value;
  };
  const code = (key: "categoryCode" | "marketingCode") => {
    const value = params.get(key)?.trim();
    if (!value) return;
    if (CODE_PATTERN.test(value)) query[key] = value;
    else errors[key] = "validation.code";
  };
  const choice = <K extends "type" | "hitNameSource" | "data" | "days" | "sort">(
    key: K,
    values: readonly string[],
    upper = false,
  ) => {
    const raw = params.get(key)?.trim();
    if (!raw) return;
    const value = upper ? raw.toUpperCase() : raw;
    if (oneOf(values, value)) (query as unknown as Record<string, string>)[key] = value;
    else errors[key] = "validation.invalid";
  };
  const flag = (key: "unlimited" | "fiveG") => {
    const value = params.get(key);
    if (value === null || value === "") return;
    if (value === "1" || value === "true") query[key] = true;
    else if (value !== "0" && value !== "false") errors[key] = "validation.invalid";
  };
  const integer = (key: string, min: number, max: number): number | undefined => {
    const value = params.get(key)?.trim();
    if (!value) return;
    if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) {
      errors[key] = "validation.invalid";
      return;
    }
    return Number(value);
  };

  code("categoryCode");
  text("categoryName");
  text("search");
  text("hitName");
  choice("type", PLP_TYPES, true);
  const names = params.get("sourceCountryNames");
  if (names?.trim()) {
    const list = names
      .split(",")
      .map((name) => name.trim())
      .filter(Boolean);
    if (list.length > 20 || list.some((name) => name.length > TEXT_MAX))
      errors.sourceCountryNames = "validation.tooLong";
    else query.sourceCountryNames = list;
  }
  choice("hitNameSource", HIT_NAME_SOURCES, true);
  text("keyword");
  code("marketingCode");
  choice("data", Object.keys(DATA_FILTERS));
  choice("days", Object.keys(DAYS_FILTERS));
  const maxPrice = integer("maxPrice", 1, 1_000_000);
  if (maxPrice !== undefined) query.maxPrice = maxPrice;
  flag("unlimited");
  flag("fiveG");
  choice("sort", PLP_SORTS);
  const page = integer("page", 0, 10_000);
  if (page !== undefined) query.page = page;
  const size = integer("size", 1, PLP_MAX_PAGE_SIZE);
  if (size !== undefined) query.size = size;
  return { query, errors };
}

/** Price per GB in minor units, rounded; null for unlimited plans (ADR 0081). */
export function pricePerGb(unitPrice: number, dataMb: number | null): number | null {
  if (dataMb === null || dataMb <= 0) return null;
  return Math.round((unitPrice * MB_PER_GB) / dataMb);
}

/** A parsed query as URL parameters again: only valid values, defaults left out, page and size included. */
export function productQueryParams(query: ProductQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    if (key === "sort" && value === "recommended") continue;
    params[key] = Array.isArray(value) ? value.join(",") : value === true ? "1" : String(value);
  }
  return params;
}
