import type { Database } from "../../../db/client.ts";
import { defineModule } from "../../module.ts";
import { sfbDevRoutes } from "./dev-routes.ts";
import { createSfbRepo } from "./repo.ts";
import { sfbRoutes } from "./routes.ts";
import { createSfbService, type SfbDeps } from "./service.ts";

export type SfbModuleDeps = Omit<SfbDeps, "repo" | "db"> & { db: Database };

/** Invite rewards (issue 11, ADR 0242): the friend's coupon on sign-up, the inviter's credit on completion. */
export function createSfbModule(deps: SfbModuleDeps) {
  return createSfbService({ ...deps, repo: createSfbRepo(deps.db) });
}

export const sfbModule = defineModule<Parameters<typeof sfbRoutes>[1] & Parameters<typeof sfbDevRoutes>[1]>({
  name: "sfb",
  jobKinds: [],
  routes: (app, services, { sandbox }) => {
    sfbRoutes(app, services);
    if (sandbox) sfbDevRoutes(app, services);
  },
});
