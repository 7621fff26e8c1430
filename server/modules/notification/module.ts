import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import { createNotificationRepo } from "./repo.ts";
import { notificationRoutes } from "./routes.ts";
import { createNotificationService } from "./service.ts";

export interface NotificationModuleDeps {
  db: Database;
  cache: SharedCache;
}

export function createNotificationModule(deps: NotificationModuleDeps) {
  return createNotificationService(createNotificationRepo(deps.db), undefined, deps.cache);
}

export const notificationModule = defineModule<Parameters<typeof notificationRoutes>[1]>({
  name: "notification",
  jobKinds: [],
  routes: (app, services) => notificationRoutes(app, services),
});
