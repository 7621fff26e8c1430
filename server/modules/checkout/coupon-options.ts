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
  // An empty wallet offers nothing: no query more (the checkout's loader asks on every open, issue 30).
  if (wallet.length === 0) return { content: [] };
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
  // What each usable coupon saves on the whole line: the subtotal less the total the quote would give with it.
  const saving = new Map<string, number>();
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
    saving.set(coupon.code, line.subtotal - total);
    content.push({ ...coupon, usable: true, discount, reasonCode: null, reason: null });
  }
  // Usable first, in the order of `bestFirst`; the rest keep the wallet's order (soonest to end first).
  content.sort(
    (a, b) => Number(b.usable) - Number(a.usable) || (a.usable && b.usable ? bestFirst(a, b, saving) : 0),
  );
  return { content };
}

/**
 * The order of usable coupons, the first being the one checkout applies when it opens (issue 30, ADR 0319): the
 * biggest saving on the line (with the promo code chosen, if any); on a tie the one that ends soonest (it would be
 * lost first); then the code, alphabetically, so the choice never depends on the wallet's storage order.
 */
function bestFirst(a: CouponOption, b: CouponOption, saving: Map<string, number>): number {
  const bySaving = (saving.get(b.code) ?? 0) - (saving.get(a.code) ?? 0);
  if (bySaving !== 0) return bySaving;
  const byEnd = Date.parse(a.endTime) - Date.parse(b.endTime);
  if (byEnd !== 0) return byEnd;
  return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
}

/** The coupon checkout applies when it opens: the first usable option, or null when none applies. */
export function bestCouponCode(options: CouponOption[]): string | null {
  return options.find((option) => option.usable)?.code ?? null;
}
