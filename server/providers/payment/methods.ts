import type { Locale } from "../../../core/constants.ts";

/**
 * The ways a shopper can pay on a hosted page (issue 30 item 3, ADR 0323). Apple Pay and Google Pay are wallets
 * that carry a card: at Stripe they are the "card" payment method type, shown by Checkout on a device that has
 * them. Alipay and WeChat Pay are their own payment method types, single-use, and may settle after the shopper
 * came back (checkout.session.async_payment_succeeded).
 */
export const PAYMENT_METHODS = ["apple_pay", "google_pay", "card", "alipay", "wechat_pay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Stripe's payment method type behind each method. */
export const STRIPE_METHOD_TYPE = {
  apple_pay: "card",
  google_pay: "card",
  card: "card",
  alipay: "alipay",
  wechat_pay: "wechat_pay",
} as const satisfies Record<PaymentMethod, string>;

/**
 * Where Stripe takes each method, by the session's (presentment) currency, as Stripe's documents list them
 * (ADR 0323 cites the pages): Alipay "Presentment currencies: aud, cad, cny, eur, gbp, hkd, jpy, nzd, sgd, usd,
 * myr"; WeChat Pay "aud, cad, cny, eur, gbp, hkd, jpy, sgd, usd, dkk, nok, sek, chf". Cards (and the wallets on
 * them) take every currency the store prices in. null: no restriction.
 */
export const METHOD_CURRENCIES: Record<PaymentMethod, readonly string[] | null> = {
  apple_pay: null,
  google_pay: null,
  card: null,
  alipay: ["AUD", "CAD", "CNY", "EUR", "GBP", "HKD", "JPY", "NZD", "SGD", "USD", "MYR"],
  wechat_pay: ["AUD", "CAD", "CNY", "EUR", "GBP", "HKD", "JPY", "SGD", "USD", "DKK", "NOK", "SEK", "CHF"],
};

/**
 * The order a hosted page offers the methods in, by the shopper's language (issue 30 item 3): the Chinese
 * locales first show Alipay and WeChat Pay; en_US first shows the device wallet, then the card.
 */
const ORDER_BY_LOCALE: Record<Locale, readonly PaymentMethod[]> = {
  en_US: ["apple_pay", "google_pay", "card", "alipay", "wechat_pay"],
  zh_CN: ["alipay", "wechat_pay", "apple_pay", "google_pay", "card"],
  zh_HK: ["alipay", "wechat_pay", "apple_pay", "google_pay", "card"],
};

/** The methods a session in this currency can take, in the order the shopper's language shows them. */
export function methodsFor(currencyCode: string, locale: Locale): PaymentMethod[] {
  const code = currencyCode.toUpperCase();
  return ORDER_BY_LOCALE[locale].filter((method) => {
    const allowed = METHOD_CURRENCIES[method];
    return allowed === null || allowed.includes(code);
  });
}

/** Stripe's payment_method_types for a session in this currency (each type once, card first). */
export function stripeMethodTypes(currencyCode: string): ("card" | "alipay" | "wechat_pay")[] {
  const types = new Set(methodsFor(currencyCode, "en_US").map((method) => STRIPE_METHOD_TYPE[method]));
  return (["card", "alipay", "wechat_pay"] as const).filter((type) => types.has(type));
}

/** The brand names, which are not translated (as on Stripe Checkout). Chinese pages use the Chinese brands. */
export const METHOD_NAMES: Record<PaymentMethod, Record<Locale, string>> = {
  apple_pay: { en_US: "Apple Pay", zh_CN: "Apple Pay", zh_HK: "Apple Pay" },
  google_pay: { en_US: "Google Pay", zh_CN: "Google Pay", zh_HK: "Google Pay" },
  card: { en_US: "Card", zh_CN: "银行卡", zh_HK: "信用卡／扣賬卡" },
  alipay: { en_US: "Alipay", zh_CN: "支付宝", zh_HK: "支付寶" },
  wechat_pay: { en_US: "WeChat Pay", zh_CN: "微信支付", zh_HK: "微信支付" },
};

/** A phone (a redirect to the wallet's app) rather than a desktop (a QR code to scan), by its user agent. */
export function isPhone(userAgent: string | undefined): boolean {
  return /Mobi|Android|iPhone|iPad|iPod/i.test(userAgent ?? "");
}
