import { CACHE_TAGS, CATALOG_TAGS, recordingReadsBy, type SharedCache } from "../../infra/cache.ts";
import type { ProductListRepo } from "./product-list-repo.ts";
import type { CatalogRepo } from "./repo.ts";

/** Currencies and labels change rarely, and their changes clear them by tag on every instance (ADR 0176). */
const READ_MOSTLY_S = 60;
/**
 * Plans, their prices, coverage and destinations: every writer (console edits and imports, price rules, the
 * catalogue sync, supplier balance pauses) clears the tags of what it changed after its commit (ADRs 0243, 0282),
 * so the time to live only bounds what a missed invalidation could cost.
 */
const CATALOGUE_S = 300;

/**
 * The catalogue's reads every priced page makes, from the shared cache (issue 15, ADRs 0209, 0243): the page's
 * currency, the base currency, the plan labels, and the product page's plan, destination, prices, coverage and
 * sibling plans. A warm product page asks the database nothing for them. The catalogue service and the product
 * list read through it. Neither reads inside a transaction (checkout prices before it opens one), so no cold
 * load waits for the embedded database's one connection.
 */
export function withReadMostlyCache(source: CatalogRepo, cache: SharedCache): CatalogRepo {
  const currencyRow = cache.define("catalog-currency", {
    ttlS: READ_MOSTLY_S,
    tags: () => [CACHE_TAGS.currencies],
    load: (code: string) => source.findCurrency(code),
  });
  const labelRows = cache.define("plan-labels", {
    ttlS: READ_MOSTLY_S,
    tags: () => [CACHE_TAGS.catalog],
    load: (_all: "all") => source.labels(),
  });
  // Each entry carries the coarse tag and the plans and destinations it shows (ADR 0282).
  const planRow = cache.define("catalog-plan", {
    ttlS: CATALOGUE_S,
    tags: (code) => [CACHE_TAGS.catalog, CATALOG_TAGS.plan(code)],
    load: (code: string) => source.findPlan(code),
  });
  const destinationRow = cache.define("catalog-destination", {
    ttlS: CATALOGUE_S,
    tags: (code) => [CACHE_TAGS.catalog, CATALOG_TAGS.destination(code)],
    load: (code: string) => source.findDestination(code),
  });
  // Which plans a destination has on the shelf: every change to one of its plans clears its destination's tag.
  const shelfOf = cache.define("catalog-shelf-of", {
    ttlS: CATALOGUE_S,
    tags: (destinationCode) => [CACHE_TAGS.catalog, CATALOG_TAGS.destination(destinationCode)],
    load: (destinationCode: string) => source.onShelfPlansOf(destinationCode),
  });
  // The covered countries' names come with the rows: a renamed country drops the plans covering it.
  const coverageRows = cache.define("catalog-coverage", {
    ttlS: CATALOGUE_S,
    tags: (code: string, rows?: Awaited<ReturnType<CatalogRepo["coverage"]>>) => [
      CACHE_TAGS.catalog,
      CATALOG_TAGS.plan(code),
      ...(rows ?? []).map((row) => CATALOG_TAGS.destination(row.countryCode)),
    ],
    load: (code: string) => source.coverage(code),
  });
  const priceRows = cache.define("catalog-prices", {
    ttlS: CATALOGUE_S,
    tags: ({ codes }) => [CACHE_TAGS.catalog, ...codes.map(CATALOG_TAGS.plan)],
    load: ({ codes, currencies }: { codes: string[]; currencies: string[] }) =>
      source.prices(codes, currencies),
  });
  // Every other read goes to the database; a page render that makes one depends on what it read (ADRs 0245,
  // 0282): the named plans, else the whole catalogue's lists (continents, types, "from" prices).
  const tracked = recordingReadsBy(
    source,
    { onShelfPlans: (codes) => [CACHE_TAGS.catalog, ...codes.map(CATALOG_TAGS.plan)] },
    CACHE_TAGS.catalog,
    CATALOG_TAGS.lists,
  );
  return {
    ...tracked,
    findCurrency: currencyRow,
    labels: () => labelRows("all"),
    findPlan: planRow,
    findDestination: destinationRow,
    onShelfPlansOf: shelfOf,
    coverage: coverageRows,
    // Keyed by the codes as given: the pages ask for one plan or one destination's shelf at a time.
    prices: (codes, currencies) =>
      codes.length === 0
        ? Promise.resolve([])
        : priceRows({ codes: [...codes], currencies: [...currencies] }),
  };
}

/**
 * The product page's offers (a plan's price in every currency the site sells in, for its structured data):
 * plan prices converted by the currency table, so dropped with either, or with the plan (ADRs 0243, 0282).
 */
export function withCachedOffers(source: ProductListRepo, cache: SharedCache): ProductListRepo {
  const offerRows = cache.define("catalog-offers", {
    ttlS: CATALOGUE_S,
    tags: (code) => [CACHE_TAGS.catalog, CACHE_TAGS.currencies, CATALOG_TAGS.plan(code)],
    load: (code: string) => source.offers(code),
  });
  return { ...source, offers: offerRows };
}
