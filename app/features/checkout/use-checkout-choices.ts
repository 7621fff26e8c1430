import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import type { CheckoutRequest } from "./types.ts";

/** What the loader read from the checkout's URL: the line the page starts from. */
export type InitialChoices = {
  platformProductCode: string;
  topUpIccid: string | null;
  quantity: number;
  couponCode: string | null;
  /** The shopper chose "No coupon" (the URL's `noCoupon=1`): the store applies none for them. */
  couponDeclined?: boolean;
  promoCode: string | null;
};

/** The checkout URL's mark that the shopper chose "No coupon" (issue 30): the best coupon is not applied again. */
export const NO_COUPON_PARAM = "noCoupon";

/**
 * The shopper's choices on the checkout (quantity, coupon, promo code, store credit) and the order line they
 * make. Quantity and codes live in the URL as well (replacing the entry, no new history step), so a reload and
 * a way into an account and back keep them (issue 12).
 */
export function useCheckoutChoices(initial: InitialChoices) {
  const { platformProductCode, topUpIccid } = initial;
  const [quantity, setQuantity] = useState(initial.quantity);
  const [couponCode, setCouponCode] = useState<string | null>(initial.couponCode);
  const [couponDeclined, setCouponDeclined] = useState(
    Boolean(initial.couponDeclined) && !initial.couponCode,
  );
  const [promoCode, setPromoCode] = useState<string | null>(initial.promoCode);
  const [search, setSearch] = useSearchParams();
  // Store credit (issue 11): the shopper ticks it; the amount is what the last quote offered.
  const [useCredit, setUseCredit] = useState(false);
  const [creditMinor, setCreditMinor] = useState(0);

  const request: CheckoutRequest = useMemo(
    () => ({
      platformProductCode,
      quantity,
      topUpIccid: topUpIccid ?? undefined,
      couponCode: couponCode ?? undefined,
      promoCode: promoCode ?? undefined,
      creditMinor: useCredit && creditMinor > 0 ? creditMinor : undefined,
    }),
    [platformProductCode, quantity, topUpIccid, couponCode, promoCode, useCredit, creditMinor],
  );

  useEffect(() => {
    const next = new URLSearchParams(search);
    next.set("quantity", String(quantity));
    for (const [name, value] of [
      ["couponCode", couponCode],
      ["promoCode", promoCode],
    ] as const) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (couponDeclined && !couponCode) next.set(NO_COUPON_PARAM, "1");
    else next.delete(NO_COUPON_PARAM);
    if (next.toString() !== search.toString()) setSearch(next, { replace: true, preventScrollReset: true });
  }, [quantity, couponCode, couponDeclined, promoCode, search, setSearch]);

  return {
    request,
    quantity,
    setQuantity,
    couponCode,
    /** Takes a coupon off (or puts one on) for the page, e.g. one that stopped applying; not the shopper's choice. */
    setCouponCode,
    couponDeclined,
    /** The shopper's own choice in the dialog: a coupon, or null for "No coupon", which stays chosen (issue 30). */
    chooseCoupon(code: string | null) {
      setCouponCode(code);
      setCouponDeclined(code === null);
    },
    promoCode,
    setPromoCode,
    useCredit,
    creditMinor,
    /** Ticks or unticks the credit, for the amount the latest quote offers. */
    chooseCredit(checked: boolean, offered: number) {
      setUseCredit(checked);
      setCreditMinor(offered);
    },
    setCreditMinor,
  };
}

export type CheckoutChoices = ReturnType<typeof useCheckoutChoices>;

/** The order's allowance changes with the quantity and the codes: the ticked credit follows what the latest quote offers. */
export function useCreditFollowsQuote(choices: CheckoutChoices, offered: number) {
  const { useCredit, creditMinor, setCreditMinor } = choices;
  useEffect(() => {
    if (useCredit && offered !== creditMinor) setCreditMinor(offered);
  }, [useCredit, offered, creditMinor, setCreditMinor]);
}
