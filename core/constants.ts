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
/**
 * spec 9's second breakpoint set (min widths in px; xs and sm share 320), the Tailwind variants `layout-xs:` to
 * `layout-xxl:` in app/app.css: for layouts that need more steps than the main set (the footer's columns).
 */
export const LAYOUT_BREAKPOINTS = { xs: 320, sm: 320, md: 720, lg: 1200, xl: 1280, xxl: 1536 } as const;
export const TOAST_MS = 2000;
/** spec 9: the product toast (the product page's notices) stays 3000 ms. */
export const PRODUCT_TOAST_MS = 3000;
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

/** spec 5: the address picker's levels, in mode order region, city, district; it completes at the last one. */
export const ADDRESS_PICKER_LEVELS = ["region", "city", "district"] as const;
export type AddressLevel = (typeof ADDRESS_PICKER_LEVELS)[number];

// spec 9 constants with their uses (issue 10).
/** Home tab size: the most products one tab of a home tab list asks for at once. */
export const HOME_TAB_SIZE = 60;
/** Form debounce: what a form derives from typing (the send-code button's state) follows 150 ms after it. */
export const FORM_DEBOUNCE_MS = 150;
/** Loading indicator delay: a loading text shows only when loading lasts longer than 200 ms (no flash). */
export const LOADING_INDICATOR_DELAY_MS = 200;
/** Swipe rows: a drag of 65 px opens a row's actions; 130 px snaps it fully open into its confirm stage. */
export const SWIPE_OPEN_PX = 65;
export const SWIPE_FULL_PX = 130;
/** Popover hide delay: a popover opened by hovering stays open this long after the pointer leaves it. */
export const POPOVER_HIDE_DELAY_MS = 200;
/** Route preloads: at most 4 route-module preloads run at once; the rest wait their turn. */
export const ROUTE_PRELOAD_CONCURRENCY = 4;

/**
 * Set by the server entry on a page it rendered whole (ADR 0301), for the server alone: the page is one piece, so
 * the server compresses it in one call off the main thread instead of through a stream. Never sent to a browser.
 */
export const WHOLE_DOCUMENT_HEADER = "x-roamly-whole-document";
