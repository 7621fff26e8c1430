import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createSiteRepo } from "./repo.ts";
import { siteRoutes } from "./routes.ts";
import { createSiteService } from "./service.ts";

export interface SiteModuleDeps {
  db: Database;
  cache: SharedCache;
}

export function createSiteModule(deps: SiteModuleDeps) {
  return createSiteService(createSiteRepo(deps.db), deps.cache);
}

export const siteModule = defineModule<Parameters<typeof siteRoutes>[1]>({
  name: "site",
  jobKinds: [],
  routes: (app, services) => siteRoutes(app, services),
});
