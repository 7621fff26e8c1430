import { data } from "react-router";
import { DEFAULT_CURRENCY } from "../../../core/constants.ts";
import type { AppLoadContext } from "../../context.ts";
import { serviceError } from "../../lib/service-error.ts";

/**
 * One plan on sale for a page (the product page, checkout), priced in the shopper's currency, or in the default
 * one when the plan has no price in theirs; an unknown or withdrawn plan is the 404 page.
 */
export async function loadPlanOr404(
  { services, request: info }: AppLoadContext,
  platformProductCode: string,
) {
  const read = (currency: string) => services.catalog.getPlan(platformProductCode, currency, info.locale);
  try {
    return await read(info.currency).catch((error) => {
      if (serviceError(error)?.code === "catalog.currencyUnsupported") return read(DEFAULT_CURRENCY);
      throw error;
    });
  } catch (error) {
    if (serviceError(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
