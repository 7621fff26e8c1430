import type { Locale } from "../../core/constants.ts";
import type { AccountService } from "../modules/account/service.ts";
import type { RegionService } from "../modules/region/service.ts";

/**
 * An invoice's bill-to block (ADR 0215): the customer's stored address (account module) resolved to its district,
 * city and region names (region module), the street first, then the area in the invoice's language.
 */
export function createInvoiceBillingAddressFlow(deps: {
  account: Pick<AccountService, "billingAddressOf">;
  region: Pick<RegionService, "resolve">;
}) {
  return async (customerId: string, locale: Locale): Promise<string[]> => {
    const stored = await deps.account.billingAddressOf(customerId);
    const picked = stored && (await deps.region.resolve(locale, stored));
    if (!stored || !picked) return [];
    const area = [picked.districtName, picked.cityName, picked.regionName];
    return [stored.street, locale === "en_US" ? area.join(", ") : area.reverse().join("")];
  };
}
