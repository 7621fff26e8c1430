import type { Database } from "../../../db/client.ts";
import { defineModule, type Later } from "../../module.ts";
import type { ConsoleCoupons } from "../coupon/console.ts";
import { createInviteConsole } from "./console-service.ts";
import { sfbDevRoutes } from "./dev-routes.ts";
import { createSfbRepo } from "./repo.ts";
import { sfbRoutes } from "./routes.ts";
import { createSfbService, type SfbDeps } from "./service.ts";

export type SfbModuleDeps = Omit<SfbDeps, "repo" | "db" | "contactOf"> & {
  db: Database;
  /** The coupon module's console look-up: only a wallet coupon can be the friend's reward (ADR 0235). */
  consoleCoupons: Pick<ConsoleCoupons, "get">;
  /** The account module (built later: it needs invite rewards): an inviter's or friend's e-mail and language. */
  accounts: Later<{ contactOf: SfbDeps["contactOf"] }>;
};

/**
 * Invite rewards (issue 11, ADR 0242): the friend's coupon on sign-up, the inviter's credit on completion; and the
 * console's settings of them (ADRs 0235, 0420).
 */
export function createSfbModule(deps: SfbModuleDeps) {
  const { accounts, consoleCoupons, ...rest } = deps;
  const sfb = createSfbService({
    ...rest,
    repo: createSfbRepo(deps.db),
    contactOf: (customerId) => accounts().contactOf(customerId),
  });
  return { sfb, inviteConsole: createInviteConsole({ db: deps.db, sfb, coupons: consoleCoupons }) };
}

export const sfbModule = defineModule<Parameters<typeof sfbRoutes>[1] & Parameters<typeof sfbDevRoutes>[1]>({
  name: "sfb",
  jobKinds: [],
  routes: (app, services, { sandbox }) => {
    sfbRoutes(app, services);
    if (sandbox) sfbDevRoutes(app, services);
  },
});
