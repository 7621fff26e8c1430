import type { Database } from "../db/client.ts";
import { createConsoleCampaigns } from "./modules/catalog/console/campaigns.ts";
import { createConsoleCatalogue } from "./modules/catalog/console/catalogue.ts";
import { createPlanSheets } from "./modules/catalog/console/excel.ts";
import { createConsolePricing } from "./modules/catalog/console/pricing.ts";
import { createConsoleNotes } from "./modules/content/console.ts";
import { createConsoleCoupons } from "./modules/coupon/console.ts";
import { createConsoleHelp } from "./modules/help/console.ts";
import { createConsolePages } from "./modules/pages/console.ts";
import { createConsoleWords } from "./modules/search/console.ts";
import { createConsoleRates } from "./modules/site/console.ts";

/**
 * The console's merchandising side (issue 16; ADRs 0230-0234): each part writes its own module's tables, in the
 * transaction its console route opens over `db`. A console route takes only the parts it uses (`Pick<Merch, …>`).
 */
export function createConsoleMerch(db: Database) {
  return {
    db,
    catalogue: createConsoleCatalogue(),
    pricing: createConsolePricing(),
    sheets: createPlanSheets(),
    campaigns: createConsoleCampaigns(),
    coupons: createConsoleCoupons(),
    rates: createConsoleRates(),
    words: createConsoleWords(),
    pages: createConsolePages(),
    help: createConsoleHelp(),
    notes: createConsoleNotes(),
  };
}

export type Merch = ReturnType<typeof createConsoleMerch>;
