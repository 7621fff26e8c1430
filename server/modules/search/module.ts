import type { Database } from "../../../db/client.ts";
import { CACHE_TAGS, CATALOG_TAGS, recordingReadsBy } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createSearchRepo } from "./repo.ts";
import { searchRoutes } from "./routes.ts";
import { createSearchService } from "./service.ts";

export interface SearchModuleDeps {
  db: Database;
}

/**
 * Pages read search past the shared cache: a render that does depends on what it read (ADRs 0245, 0282). Search
 * spans the catalogue (a match notes it); rebuilding the terms, which the plan list asks for on the side, shows
 * nothing by itself.
 */
export function createSearchModule(deps: SearchModuleDeps) {
  const searchRebuild = () => [];
  return createSearchService(
    recordingReadsBy(
      createSearchRepo(deps.db),
      {
        sourceFingerprint: searchRebuild,
        storedFingerprint: searchRebuild,
        termSources: searchRebuild,
        replaceTerms: searchRebuild,
        destinationCards: searchRebuild,
        coverage: searchRebuild,
      },
      CACHE_TAGS.catalog,
      CATALOG_TAGS.lists,
    ),
  );
}

export const searchModule = defineModule<Parameters<typeof searchRoutes>[1]>({
  name: "search",
  jobKinds: [],
  routes: (app, services) => searchRoutes(app, services),
});
