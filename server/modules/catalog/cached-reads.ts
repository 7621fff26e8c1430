import { CACHE_TAGS, recordingReads, type SharedCache } from "../../infra/cache.ts";
import type { CatalogRepo } from "./repo.ts";

/** Currencies and labels change rarely, and their changes clear them by tag on every instance (ADR 0176). */
const READ_MOSTLY_S = 60;

/**
 * The catalogue's reads every priced page makes, the page's currency, the base currency and the plan labels,
 * from the shared cache (issue 15, ADR 0209): a warm render asks the database only for the plans themselves.
 * The catalogue service and the product list read through it. Neither reads inside a transaction (checkout
 * prices before it opens one), so no cold load waits for the embedded database's one connection.
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
  // Every other read goes to the database; a page render that makes one depends on the catalogue (ADR 0245).
  const tracked = recordingReads(source, CACHE_TAGS.catalog);
  return { ...tracked, findCurrency: currencyRow, labels: () => labelRows("all") };
}
