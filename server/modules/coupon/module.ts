import type { Database } from "../../../db/client.ts";
import type { SharedCache } from "../../infra/cache.ts";
import { defineModule } from "../../module.ts";
import type { ConsoleCampaigns } from "../catalog/console/campaigns.ts";
import type { ConsoleCatalogue } from "../catalog/console/catalogue.ts";
import type { ConsoleWords } from "../search/console.ts";
import type { ConsoleRates } from "../site/console.ts";
import type { SiteService } from "../site/service.ts";
import { createConsoleCoupons } from "./console.ts";
import { createMarketingConsole } from "./console-service.ts";
import { couponDevRoutes } from "./dev-routes.ts";
import { createCouponRepo } from "./repo.ts";
import { couponRoutes } from "./routes.ts";
import { createCouponService } from "./service.ts";

export interface CouponModuleDeps {
  db: Database;
  /** A reduction coupon's amount is converted with the store's rates. */
  currencies: SiteService["currencies"];
  cache: SharedCache;
  /** The catalog module's console parts: a coupon's scope names plans and destinations; campaigns are marketing's. */
  consoleCatalogue: Pick<ConsoleCatalogue, "plan" | "destination" | "scopeOptions">;
  consoleCampaigns: ConsoleCampaigns;
  /** The search module's hot and specific words, which marketing sets. */
  consoleWords: ConsoleWords;
  /** The site module's currencies: an amount typed in major units is stored in its currency's minor units. */
  consoleRates: Pick<ConsoleRates, "minorDigits">;
}

/**
 * Coupons for the shopper, and the console's marketing use cases over them (issue 16, ADRs 0232, 0420): coupons,
 * campaigns and search words, each with its transaction, audit entry and cache clearing.
 */
export function createCouponModule(deps: CouponModuleDeps) {
  const consoleCoupons = createConsoleCoupons();
  const coupon = createCouponService(deps.db, createCouponRepo(deps.db), deps.currencies, deps.cache);
  const marketingConsole = createMarketingConsole({
    db: deps.db,
    coupons: consoleCoupons,
    campaigns: deps.consoleCampaigns,
    words: deps.consoleWords,
    catalogue: deps.consoleCatalogue,
    rates: deps.consoleRates,
    cache: deps.cache,
  });
  return { coupon, marketingConsole, consoleCoupons };
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
