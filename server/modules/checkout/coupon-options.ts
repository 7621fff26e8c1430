import type { Locale } from "../../../core/constants.ts";
import { lineSubtotal } from "../../../core/coupon.ts";
import { type MessageKey, translate } from "../../../core/i18n/index.ts";
import { ApiError } from "../../http/errors.ts";
import type { Services } from "../../services.ts";
import type { CurrentCustomer } from "../account/sessions.ts";
import type { WalletCouponView } from "../coupon/service.ts";

/** One claimed coupon as the checkout's coupon dialog shows it (ADR 0111). */
export interface CouponOption extends WalletCouponView {
  /** Whether it can be applied to this plan and quantity now. */
  usable: boolean;
  /** Minor units it would take off the subtotal (0 when unusable). */
  discount: number;
  /** Why it cannot be used: the same stable code the quote and the order give (ADR 0105). */
  reasonCode: string | null;
  /** That reason, translated. */
  reason: string | null;
}

/** The most wallet coupons the dialog lists (a shopper rarely holds more than a handful). */
const MOST = 100;

/**
 * The customer's available wallet coupons, each checked against this plan line with exactly the rules the
 * quote and the order use, so the dialog can offer the usable ones and show the others with the reason.
 */
export async function couponOptions(
  services: Services,
  customer: CurrentCustomer,
  input: { platformProductCode: string; quantity: number },
  currencyCode: string,
  locale: Locale,
): Promise<{ content: CouponOption[] }> {
  const plan = await services.catalog.getPlan(input.platformProductCode, currencyCode, locale);
  const currency = (await services.coupon.currencies()).get(currencyCode);
  if (!currency)
    throw new ApiError(400, "catalog.currencyUnsupported", { params: { currency: currencyCode } });
  const line = {
    customerId: customer.id,
    platformProductCode: plan.platformProductCode,
    destinationCode: plan.destinationCode,
    subtotal: lineSubtotal(plan.unitPrice, input.quantity),
    currency,
  };
  const wallet = await services.coupon.wallet(customer.id, "available", 0, MOST, locale);
  // Every coupon is priced alone, as the quote would price it, from what one batch of queries loaded.
  const priced = await services.coupon.priceEach(
    line,
    wallet.content.map((coupon) => coupon.code),
    locale,
  );
  // Two copies of one coupon are one choice: the order takes whichever copy is free.
  const seen = new Set<string>();
  const content: CouponOption[] = [];
  for (const coupon of wallet.content) {
    if (seen.has(coupon.code)) continue;
    seen.add(coupon.code);
    const result = priced.get(coupon.code);
    if (!result) throw new Error(`coupon ${coupon.code} was not priced`);
    if ("coupon" in result) {
      content.push({
        ...coupon,
        usable: true,
        discount: result.coupon.discount,
        reasonCode: null,
        reason: null,
      });
    } else {
      const { code, params } = result.refusal;
      content.push({
        ...coupon,
        usable: false,
        discount: 0,
        reasonCode: code,
        reason: translate(locale, code as MessageKey, params),
      });
    }
  }
  // Usable first, the biggest saving first; the rest keep the wallet's order.
  content.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discount - a.discount);
  return { content };
}
