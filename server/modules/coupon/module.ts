import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { SiteService } from "../site/service.ts";
import { couponDevRoutes } from "./dev-routes.ts";
import { createCouponRepo } from "./repo.ts";
import { couponRoutes } from "./routes.ts";
import { createCouponService } from "./service.ts";

export interface CouponModuleDeps {
  db: Database;
  /** A reduction coupon's amount is converted with the store's rates. */
  currencies: SiteService["currencies"];
  cache: SharedCache;
}

export function createCouponModule(deps: CouponModuleDeps) {
  return createCouponService(deps.db, createCouponRepo(deps.db), deps.currencies, deps.cache);
}

export const couponModule = defineModule<
  Parameters<typeof couponRoutes>[1] & Parameters<typeof couponDevRoutes>[1]
>({
  name: "coupon",
  jobKinds: [],
  routes: (app, services, { sandbox }) => {
    couponRoutes(app, services);
    if (sandbox) couponDevRoutes(app, services);
  },
});
