import { defineModule } from "../../module.ts";
import { accountRoutes } from "./routes.ts";
import { createAccountService } from "./service.ts";

/** What the account module needs: its repo, sessions and codes, and the flows it starts (server/flows/account-*). */
export type AccountModuleDeps = Parameters<typeof createAccountService>[0];

export function createAccountModule(deps: AccountModuleDeps) {
  return createAccountService(deps);
}

/** Its sandbox routes (verification codes) register from accountRoutes when `sandbox` tools are given. */
export const accountModule = defineModule<Parameters<typeof accountRoutes>[1]>({
  name: "account",
  jobKinds: [],
  routes: (app, services) => accountRoutes(app, services),
});
