import { CACHE_TAGS, recordingReads, type SharedCache } from "../../infra/cache.ts";
import type { ProductListRepo } from "./product-list-repo.ts";
import type { CatalogRepo } from "./repo.ts";

/** Currencies and labels change rarely, and their changes clear them by tag on every instance (ADR 0176). */
const READ_MOSTLY_S = 60;
/**
 * Plans, their prices, coverage and destinations: every writer (console edits and imports, price rules, the
 * catalogue sync, supplier balance pauses) clears the catalogue tag after its commit (ADR 0243), so the time to
 * live only bounds what a missed invalidation could cost.
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
  const planRow = cache.define("catalog-plan", {
    ttlS: CATALOGUE_S,
    tags: () => [CACHE_TAGS.catalog],
    load: (code: string) => source.findPlan(code),
  });
  const destinationRow = cache.define("catalog-destination", {
    ttlS: CATALOGUE_S,
    tags: () => [CACHE_TAGS.catalog],
    load: (code: string) => source.findDestination(code),
  });
  const shelfOf = cache.define("catalog-shelf-of", {
    ttlS: CATALOGUE_S,
    tags: () => [CACHE_TAGS.catalog],
    load: (destinationCode: string) => source.onShelfPlansOf(destinationCode),
  });
  const coverageRows = cache.define("catalog-coverage", {
    ttlS: CATALOGUE_S,
    tags: () => [CACHE_TAGS.catalog],
    load: (code: string) => source.coverage(code),
  });
  const priceRows = cache.define("catalog-prices", {
    ttlS: CATALOGUE_S,
    tags: () => [CACHE_TAGS.catalog],
    load: ({ codes, currencies }: { codes: string[]; currencies: string[] }) =>
      source.prices(codes, currencies),
  });
  // Every other read goes to the database; a page render that makes one depends on the catalogue (ADR 0245).
  const tracked = recordingReads(source, CACHE_TAGS.catalog);
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
 * plan prices converted by the currency table, so dropped with either (ADR 0243).
 */
export function withCachedOffers(source: ProductListRepo, cache: SharedCache): ProductListRepo {
  const offerRows = cache.define("catalog-offers", {
    ttlS: CATALOGUE_S,
    tags: () => [CACHE_TAGS.catalog, CACHE_TAGS.currencies],
    load: (code: string) => source.offers(code),
  });
  return { ...source, offers: offerRows };
}
