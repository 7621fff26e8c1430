import type { Database } from "../../../db/client.ts";
import {
  CACHE_TAGS,
  CATALOG_TAGS,
  recordingReads,
  recordingReadsBy,
  type SharedCache,
} from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { SearchService } from "../search/service.ts";
import type { ConsoleRates } from "../site/console.ts";
import type { CatalogInvalidation } from "./cache-invalidation.ts";
import { withCachedOffers, withReadMostlyCache } from "./cached-reads.ts";
import { createCampaignGate } from "./campaign-gate.ts";
import { createConsoleCampaigns } from "./console/campaigns.ts";
import { createConsoleCatalogue } from "./console/catalogue.ts";
import { createCatalogConsole } from "./console/console-service.ts";
import { createPlanSheets } from "./console/excel.ts";
import { createConsolePricing } from "./console/pricing.ts";
import { createProductListService } from "./product-list.ts";
import { createProductListRepo } from "./product-list-repo.ts";
import { productRoutes } from "./product-routes.ts";
import { createCatalogRepo } from "./repo.ts";
import { catalogRoutes } from "./routes.ts";
import { createCatalogService } from "./service.ts";
import type { CatalogueSync } from "./supply/service.ts";

export interface CatalogModuleDeps {
  db: Database;
  cache: SharedCache;
  /** The plan list's keyword filter goes through destination search. */
  search: SearchService;
  /** The console's FX rates (the site module's part): a plan's prices are previewed and checked in them. */
  rates: ConsoleRates;
  /** The supply module's catalogue sync: the console maps plans to supplier packages it knows (ADR 0197). */
  catalogueSync: CatalogueSync;
  /** What a committed catalogue change clears (the supply module's, ADR 0282). */
  catalogChanges: CatalogInvalidation;
}

/**
 * The catalogue's shopper side. Pages read it past the shared cache: a render that does depends on what it read
 * (ADRs 0245, 0282). A plan list depends on the destinations or plans it is limited to; categories, continent
 * tabs and campaigns change only with the whole catalogue (the seed, a campaign save). Its supply side (sync,
 * balances, supplier status) is the supply module beside it (supply/module.ts, ADR 0416).
 */
export function createCatalogModule(deps: CatalogModuleDeps) {
  const { db, cache } = deps;
  const catalogRepo = withReadMostlyCache(createCatalogRepo(db), cache);
  const catalog = createCatalogService(catalogRepo, cache);
  const productList = createProductListService({
    repo: withCachedOffers(
      recordingReadsBy(
        createProductListRepo(db),
        {
          page: (filter) => [
            CACHE_TAGS.catalog,
            ...(filter.destinationCodes
              ? filter.destinationCodes.map(CATALOG_TAGS.destination)
              : filter.platformProductCodes
                ? filter.platformProductCodes.map(CATALOG_TAGS.plan)
                : [CATALOG_TAGS.lists]),
          ],
          destinationType: (code) => [CACHE_TAGS.catalog, CATALOG_TAGS.destination(code)],
          destinationsNamed: () => [CACHE_TAGS.catalog, CATALOG_TAGS.lists],
          destinationsCovering: () => [CACHE_TAGS.catalog, CATALOG_TAGS.lists],
        },
        CACHE_TAGS.catalog,
      ),
      cache,
    ),
    catalogRepo,
    search: deps.search,
    campaigns: recordingReads(createCampaignGate(db), CACHE_TAGS.catalog),
  });
  // The console's side (issue 16; ADRs 0230-0233, 0420): its catalogue, prices and plan sheets as use cases. The
  // catalogue and campaign parts are also what the marketing console checks coupon scopes and campaigns with.
  const consoleCatalogue = createConsoleCatalogue();
  const consoleCampaigns = createConsoleCampaigns();
  const catalogConsole = createCatalogConsole({
    db,
    catalogue: consoleCatalogue,
    pricing: createConsolePricing(),
    rates: deps.rates,
    sheets: createPlanSheets(),
    catalogueSync: deps.catalogueSync,
    changes: deps.catalogChanges,
    cache,
  });
  return { catalog, productList, catalogConsole, consoleCatalogue, consoleCampaigns };
}

export const catalogModule = defineModule<
  Parameters<typeof catalogRoutes>[1] & Parameters<typeof productRoutes>[1]
>({
  name: "catalog",
  jobKinds: [],
  routes: (app, services) => {
    catalogRoutes(app, services);
    productRoutes(app, services);
  },
});
