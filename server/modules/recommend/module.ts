import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { CatalogService } from "../catalog/service.ts";
import { createRecommendRepo } from "./repo.ts";
import { recommendRoutes } from "./routes.ts";
import { createRecommendService } from "./service.ts";

export interface RecommendModuleDeps {
  db: Database;
  /** Lists are priced through the catalogue. */
  catalog: CatalogService;
  cache: SharedCache;
}

export function createRecommendModule(deps: RecommendModuleDeps) {
  return createRecommendService(createRecommendRepo(deps.db), deps.catalog, deps.cache);
}

export const recommendModule = defineModule<Parameters<typeof recommendRoutes>[1]>({
  name: "recommend",
  jobKinds: [],
  routes: (app, services) => recommendRoutes(app, services),
});
