// Currency tables of the Stripe stand-in, copied from Stripe's public documents (ADR 0326):
// [PM-ALIPAY] docs.stripe.com/payments/alipay/accept-a-payment?payment-ui=checkout, "Determine compatibility".
//   Its "Supported currencies" line omits cny while its "Presentment currencies" line lists it; a Checkout Session
//   is created in the presentment currency, so the stand-in accepts the wider list (every documented shape).
// [PM-WECHAT] docs.stripe.com/payments/wechat-pay/accept-a-payment?payment-ui=checkout, "Determine compatibility".
// [CUR] docs.stripe.com/currencies: zero-decimal and three-decimal currencies, minimum charge amounts.

/** Payment method types the stand-in knows, and the currencies each accepts (null: every currency it knows). */
export const METHOD_CURRENCIES: Record<string, readonly string[] | null> = {
  card: null,
  link: null,
  alipay: ["aud", "cad", "cny", "eur", "gbp", "hkd", "jpy", "nzd", "sgd", "usd", "myr"],
  wechat_pay: ["aud", "cad", "cny", "eur", "gbp", "hkd", "jpy", "sgd", "usd", "dkk", "nok", "sek", "chf"],
};

/** Payment method types that Checkout can save for later ([PM-ALIPAY], [PM-WECHAT]: both are "single-use"). */
export const REUSABLE_METHODS: ReadonlySet<string> = new Set(["card", "link"]);

/** Presentment currencies a card can be charged in ([CUR], the common subset the store might use). */
export const CARD_CURRENCIES: ReadonlySet<string> = new Set([
  "usd",
  "aed",
  "aud",
  "bgn",
  "brl",
  "cad",
  "chf",
  "cny",
  "czk",
  "dkk",
  "eur",
  "gbp",
  "hkd",
  "huf",
  "idr",
  "ils",
  "inr",
  "jpy",
  "krw",
  "mop",
  "mxn",
  "myr",
  "nok",
  "nzd",
  "php",
  "pln",
  "ron",
  "sek",
  "sgd",
  "thb",
  "try",
  "twd",
  "vnd",
  "zar",
  "bhd",
  "jod",
  "kwd",
  "omr",
  "tnd",
]);

/** [CUR] "Zero-decimal currencies". */
export const ZERO_DECIMAL: ReadonlySet<string> = new Set([
  "bif",
  "clp",
  "djf",
  "gnf",
  "jpy",
  "kmf",
  "krw",
  "mga",
  "pyg",
  "rwf",
  "ugx",
  "vnd",
  "vuv",
  "xaf",
  "xof",
  "xpf",
]);

/** [CUR] "Three-decimal currencies". */
export const THREE_DECIMAL: ReadonlySet<string> = new Set(["bhd", "jod", "kwd", "omr", "tnd"]);

/** [CUR] "Minimum and maximum charge amounts", in minor units. Currencies not listed have no minimum here. */
export const MINIMUM_AMOUNT: Readonly<Record<string, number>> = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
};

export function methodSupportsCurrency(method: string, currency: string): boolean {
  const list = METHOD_CURRENCIES[method];
  if (list === undefined) return false;
  return list === null ? CARD_CURRENCIES.has(currency) : list.includes(currency);
}

/** An amount in minor units as Stripe's messages print it ("$0.50", "HK$4.00" is not used: "hkd 4.00"). */
export function formatAmount(amount: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  const value = (amount / 10 ** digits).toFixed(digits);
  return currency === "usd" ? `$${value}` : `${value} ${currency.toUpperCase()}`;
}
