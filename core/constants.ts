// spec 9: business constants shared by the server and the storefront.
export const LOCALES = ["en_US", "zh_CN", "zh_HK"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en_US";
export const DEFAULT_CURRENCY = "HKD";
export const DEFAULT_CHANNEL = "PC";
export const DEFAULT_SITE_CODE = "O2_PLATFORM__101";
export const LOCALE_COOKIE = "i18n_redirected";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const CURRENCY_COOKIE = "currency";

export const BREAKPOINT_MD = 720; // spec 9: sm below 720
export const BREAKPOINT_LG = 1440;
export const TOAST_MS = 2000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const LOADING_BAR = { heightPx: 2, startDelayMs: 100, finishDelayMs: 300 } as const;
export const TOP_BAR_THROTTLE_MS = 50;
export const NICKNAME_MAX = 6;
export const DEFAULT_PAGE_SIZE = 20;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}
/** HttpOnly cookies that carry a session; a request with one is never served from the shared HTML cache. */
export const ACCESS_TOKEN_COOKIE = "esim_at";
export const REFRESH_TOKEN_COOKIE = "esim_rt";
