import type { Locale } from "../../../core/constants.ts";
import { type MessageKey, translate } from "../../../core/i18n/index.ts";
import { formatPrice } from "../../../core/money.ts";
import type { CouponService, PricedLine, WalletCouponView } from "../coupon/service.ts";
import { belowPaymentMinimum } from "./minimum.ts";

/** One claimed coupon as the checkout's coupon dialog shows it (ADR 0111). */
export interface CouponOption extends WalletCouponView {
  /** Whether it can be applied to this plan and quantity now. */
  usable: boolean;
  /** Minor units it would take off the subtotal (0 when unusable). */
  discount: number;
  /**
   * Why it cannot be used: the same stable code the quote and the order give (ADR 0105), or BELOW_MINIMUM
   * when it would leave a total the card provider cannot charge (ADR 0155).
   */
  reasonCode: string | null;
  /** That reason, translated. */
  reason: string | null;
}

/** The dialog's own reason: the coupon passes every coupon rule but leaves a total the card cannot charge. */
export const BELOW_MINIMUM = "purchase.coupon.belowPaymentMinimum";

/**
 * The customer's available wallet coupons, each checked against this plan line with exactly the rules the
 * quote and the order use, so the dialog can offer the usable ones and show the others with the reason. The
 * whole wallet is considered, in a fixed number of queries however many it holds (ADRs 0146, 0155). A coupon
 * that would leave a total above 0 but below the active card provider's minimum charge (with the promo code
 * already chosen, if any) is unusable too: the order could not be placed with it (ADRs 0148, 0155).
 * The line comes priced by checkout (`checkout.couponOptions`), exactly as its quote prices it.
 */
export async function couponOptions(
  coupons: CouponService,
  priced: { line: PricedLine; minimum: number | null },
  promoCode: string | undefined,
  locale: Locale,
): Promise<{ content: CouponOption[] }> {
  const { line, minimum } = priced;
  const { currency } = line;
  // Two copies of one coupon are one choice: the order takes whichever copy is free.
  const seen = new Set<string>();
  const wallet: WalletCouponView[] = [];
  for (const coupon of await coupons.allAvailable(line.customerId, locale)) {
    if (seen.has(coupon.code)) continue;
    seen.add(coupon.code);
    wallet.push(coupon);
  }
  const [each, promoOff] = await Promise.all([
    // Every coupon is priced alone, as the quote would price it, from what one batch of queries loaded.
    coupons.priceEach(
      line,
      wallet.map((coupon) => coupon.code),
      locale,
    ),
    promoCode ? coupons.promoReduction(line, promoCode) : null,
  ]);
  const minimumLabel =
    minimum === null
      ? ""
      : formatPrice(minimum, { currencySymbol: currency.symbol, minorDigits: currency.minorDigits });
  const content: CouponOption[] = [];
  for (const coupon of wallet) {
    const result = each.get(coupon.code);
    if (!result) throw new Error(`coupon ${coupon.code} was not priced`);
    const unusable = (reasonCode: string, params?: Record<string, string | number>): CouponOption => ({
      ...coupon,
      usable: false,
      discount: 0,
      reasonCode,
      reason: translate(locale, reasonCode as MessageKey, params),
    });
    if ("refusal" in result) {
      content.push(unusable(result.refusal.code, result.refusal.params));
      continue;
    }
    const discount = result.coupon.discount;
    const left = line.subtotal - discount;
    // The total the quote would give with this coupon (and the promo code on what it leaves).
    const total = left - (promoOff?.(left) ?? 0);
    if (belowPaymentMinimum(total, minimum)) {
      content.push(unusable(BELOW_MINIMUM, { amount: minimumLabel }));
      continue;
    }
    content.push({ ...coupon, usable: true, discount, reasonCode: null, reason: null });
  }
  // Usable first, the biggest saving first; the rest keep the wallet's order.
  content.sort((a, b) => Number(b.usable) - Number(a.usable) || b.discount - a.discount);
  return { content };
}
