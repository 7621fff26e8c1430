import { formatPrice } from "../../../core/money.ts";
import { ApiError } from "../../http/errors.ts";

/** A currency as the checkout has it: enough to name an amount in it. */
interface NamedCurrency {
  code: string;
  symbol: string;
  minorDigits: number;
}

/**
 * The active card provider's minimum when `total` is above 0 and below it (ADRs 0122, 0148), else null. A total
 * of 0 is never below it: it is paid without a charge (ADR 0121).
 */
export function belowPaymentMinimum(total: number, minimum: number | null): { minimum: number } | null {
  return minimum !== null && total > 0 && total < minimum ? { minimum } : null;
}

/**
 * 409 purchase.payment.belowMinimum, naming the minimum in the order's currency: the same answer placing and
 * paying give, so a client handles one code (ADR 0148).
 */
export function belowMinimumError(minimum: number, currency: NamedCurrency): ApiError {
  return new ApiError(409, "purchase.payment.belowMinimum", {
    params: {
      minimum: formatPrice(minimum, { currencySymbol: currency.symbol, minorDigits: currency.minorDigits }),
    },
  });
}
