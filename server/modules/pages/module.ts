import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createPagesRepo } from "./repo.ts";
import { pagesRoutes } from "./routes.ts";
import { createPagesService } from "./service.ts";

export interface PagesModuleDeps {
  db: Database;
  /** The footer is a shared-cache entry (ADR 0399). */
  cache: SharedCache;
}

export function createPagesModule(deps: PagesModuleDeps) {
  return createPagesService(createPagesRepo(deps.db), deps.cache);
}

export const pagesModule = defineModule<Parameters<typeof pagesRoutes>[1]>({
  name: "pages",
  jobKinds: [],
  routes: (app, services) => pagesRoutes(app, services),
});
