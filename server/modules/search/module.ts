import type { Database } from "../../../db/client.ts";
import {
  CACHE_TAGS,
  CATALOG_TAGS,
  isCatalogTag,
  recordingReadsBy,
  type SharedCache,
} from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createConsoleWords } from "./console.ts";
import { createSearchRepo } from "./repo.ts";
import { searchRoutes } from "./routes.ts";
import { createSearchService } from "./service.ts";

export interface SearchModuleDeps {
  db: Database;
  /** A catalogue change published on any instance refreshes this one's in-process terms too (ADR 0230). */
  cache: SharedCache;
}

/**
 * Pages read search past the shared cache: a render that does depends on what it read (ADRs 0245, 0282). Search
 * spans the catalogue (a match notes it); rebuilding the terms, which the plan list asks for on the side, shows
 * nothing by itself.
 */
export function createSearchModule(deps: SearchModuleDeps) {
  const searchRebuild = () => [];
  const search = createSearchService(
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
  // A change published from the console on any instance reaches this one's in-process copies too (ADR 0230).
  deps.cache.onInvalidate((tags) => {
    if (tags.some(isCatalogTag)) search.refreshSoon();
  });
  // The console's hot and specific words, which the marketing console sets (ADR 0420).
  return { search, consoleWords: createConsoleWords() };
}

export const searchModule = defineModule<Parameters<typeof searchRoutes>[1]>({
  name: "search",
  jobKinds: [],
  routes: (app, services) => searchRoutes(app, services),
});
