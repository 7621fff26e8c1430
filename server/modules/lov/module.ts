import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { CatalogService } from "../catalog/service.ts";
import type { SiteService } from "../site/service.ts";
import { lovRoutes } from "./routes.ts";
import { createLovService } from "./service.ts";

/** The lists of values read the store's languages and currencies (site) and the destinations (catalogue). */
export interface LovModuleDeps {
  site: SiteService;
  catalog: CatalogService;
  cache: SharedCache;
}

export function createLovModule(deps: LovModuleDeps) {
  return createLovService(deps.site, deps.catalog, deps.cache);
}

export const lovModule = defineModule<Parameters<typeof lovRoutes>[1]>({
  name: "lov",
  jobKinds: [],
  routes: (app, services) => lovRoutes(app, services),
});
