import { defineModule } from "../../module.ts";
import { adminDevRoutes } from "./dev-routes.ts";
import { createAdminService } from "./service.ts";

/** The operator console's realm (issue 16, ADR 0221): its own sessions, TOTP and audit log. */
export type AdminModuleDeps = Parameters<typeof createAdminService>[0];

export function createAdminModule(deps: AdminModuleDeps) {
  return createAdminService(deps);
}

/** The console's endpoint groups of every module register through admin/register.ts (under /o2adm/v1). */
export const adminModule = defineModule<Parameters<typeof adminDevRoutes>[1]>({
  name: "admin",
  jobKinds: [],
  routes: (app, services, { sandbox }) => {
    if (sandbox) adminDevRoutes(app, services);
  },
});
