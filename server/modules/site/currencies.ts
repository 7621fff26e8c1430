import type { RatedCurrency } from "../../../core/coupon.ts";
import { CACHE_TAGS, type SharedCache } from "../../infra/cache.ts";
import type { SiteRepo } from "./repo.ts";

/** A currency the store prices in, with its rate from the base currency (ADR 0149) and its symbol. */
export interface Currency extends RatedCurrency {
  symbol: string;
}

/**
 * The store's currencies, every one, keyed by code: the rates coupons, checkout, orders, payments and
 * invoices convert and format with. The site module owns the currency table; this is its one reader of rates.
 * The rows sit in the shared cache for a minute and are dropped when currencies change (ADR 0176); a failed
 * read is not kept. Coupons and payments read them inside their transactions, so an expired entry is served for
 * up to an hour while it is read again in the background.
 */
export function createCurrencies(repo: Pick<SiteRepo, "currencies">, cache: SharedCache) {
  const currencyRows = cache.define("currencies", {
    ttlS: 60,
    staleS: 3_600,
    tags: () => [CACHE_TAGS.currencies],
    load: async (_all: "all") =>
      (await repo.currencies()).map((row) => ({
        code: row.code,
        minorDigits: row.minorDigits,
        rateFromBase: row.rateFromBase,
        symbol: row.symbol,
      })),
  });
  return async function currencies(): Promise<Map<string, Currency>> {
    return new Map((await currencyRows("all")).map((currency) => [currency.code, currency]));
  };
}
