import type { RatedCurrency } from "../../../core/coupon.ts";
import type { SiteRepo } from "./repo.ts";

/** A currency the store prices in, with its rate from the base currency (ADR 0149) and its symbol. */
export interface Currency extends RatedCurrency {
  symbol: string;
}

/**
 * The store's currencies, every one, keyed by code: the rates coupons, checkout, orders, payments and
 * invoices convert and format with. The site module owns the currency table; this is its one reader of rates.
 */
export function createCurrencies(repo: Pick<SiteRepo, "currencies">) {
  let currencyCache: Promise<Map<string, Currency>> | undefined;
  function currencies() {
    currencyCache ??= repo.currencies().then(
      (rows) =>
        new Map(
          rows.map((row) => [
            row.code,
            {
              code: row.code,
              minorDigits: row.minorDigits,
              rateFromBase: row.rateFromBase,
              symbol: row.symbol,
            },
          ]),
        ),
    );
    return currencyCache;
  }

  return currencies;
}
