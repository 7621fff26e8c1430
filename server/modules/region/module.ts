import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createRegionRepo } from "./repo.ts";
import { regionRoutes } from "./routes.ts";
import { createRegionService } from "./service.ts";

export interface RegionModuleDeps {
  db: Database;
  cache: SharedCache;
}

export function createRegionModule(deps: RegionModuleDeps) {
  return createRegionService(createRegionRepo(deps.db), deps.cache);
}

export const regionModule = defineModule<Parameters<typeof regionRoutes>[1]>({
  name: "region",
  jobKinds: [],
  routes: (app, services) => regionRoutes(app, services),
});
