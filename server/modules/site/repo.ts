import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { currencies, siteLanguages, sites } from "../../../db/schema/index.ts";

export function createSiteRepo(db: Database) {
  return {
    async findSite(siteCode: string) {
      const [site] = await db.select().from(sites).where(eq(sites.siteCode, siteCode)).limit(1);
      return site ?? null;
    },
    languages(siteCode: string) {
      return db
        .select()
        .from(siteLanguages)
        .where(eq(siteLanguages.siteCode, siteCode))
        .orderBy(asc(siteLanguages.sortOrder));
    },
    /** Every currency, enabled or not: orders keep the currency they were placed in. */
    currencies() {
      return db.select().from(currencies);
    },
    enabledCurrencies() {
      return db
        .select()
        .from(currencies)
        .where(eq(currencies.enabled, true))
        .orderBy(asc(currencies.sortOrder));
    },
  };
}

export type SiteRepo = ReturnType<typeof createSiteRepo>;
