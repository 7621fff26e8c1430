import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createConsoleRates } from "./console.ts";
import { createSiteRepo } from "./repo.ts";
import { siteRoutes } from "./routes.ts";
import { createSiteService } from "./service.ts";

export interface SiteModuleDeps {
  db: Database;
  cache: SharedCache;
}

/** The store's sites, languages and currencies; the console's FX rates are its part (ADR 0420). */
export function createSiteModule(deps: SiteModuleDeps) {
  return { site: createSiteService(createSiteRepo(deps.db), deps.cache), consoleRates: createConsoleRates() };
}

export const siteModule = defineModule<Parameters<typeof siteRoutes>[1]>({
  name: "site",
  jobKinds: [],
  routes: (app, services) => siteRoutes(app, services),
});
