import {
  DEFAULT_CHANNEL,
  DEFAULT_CURRENCY,
  DEFAULT_LOCALE,
  DEFAULT_SITE_CODE,
  type Locale,
} from "../../core/constants.ts";
import { translate } from "../../core/i18n/index.ts";
import { localePath, splitLocale } from "../../core/locale-path.ts";
import { getAppBridge } from "./bridge/index.ts";
import { createHttpClient, type HttpClient } from "./http/client.ts";
import { useI18n, useRootData } from "./i18n.tsx";
import { loginStore } from "./login-store.ts";
import { notify } from "./notify.ts";
import type { PreferenceChoice } from "./preferences.ts";
import { createSessionRefresher, refreshingFetch } from "./session-refresh.ts";

/*
 * The app's one HTTP client (spec 7, 8): the spec's headers from the page's locale, currency and channel, a toast
 * for a failed response, a 网络异常 / 系统异常 dialog for the rest, and spec 8's 401 behaviour: first one refresh
 * with the refresh cookie and one repeat of the call (ADR 0092); when that fails, log out (clear the stored login
 * info), then go to login with pageFrom, or to native login inside the app.
 */

export interface ApiContext {
  locale: Locale;
  currency: string;
  channel: string;
}

const current: ApiContext = { locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY, channel: DEFAULT_CHANNEL };

/** The login page for the current location, with pageFrom (spec 2: after login the shopper returns here). */
export function loginPathFor(locale: Locale, location: { pathname: string; search: string }): string {
  const pageFrom = location.pathname + location.search;
  const { rest } = splitLocale(location.pathname);
  // Already on an account page: no pageFrom loop.
  if (/^\/(login|register|logins\/|bind|AuthenticationPopupView)/.test(rest))
    return localePath(locale, "/login", true);
  return `${localePath(locale, "/login", true)}?pageFrom=${encodeURIComponent(pageFrom)}`;
}

let redirecting = false;

/** spec 8: 401 or unauthorized. Exported for the pages that meet an expired session outside the client. */
export function handleUnauthorized(autoLogin: boolean): void {
  loginStore().clear();
  if (!autoLogin || redirecting || typeof window === "undefined") return;
  const bridge = getAppBridge();
  if (bridge.available) {
    const pageFrom = window.location.pathname + window.location.search;
    void bridge.openLogin({ pageFrom }).then(
      (result) => {
        if (result.loggedIn) window.location.reload();
      },
      () => undefined,
    );
    return;
  }
  redirecting = true;
  window.location.assign(loginPathFor(current.locale, window.location));
}

const REFRESH_PATH = "/o2cum/v1/pub/customer/refresh-token";

/** One refresh at a time for the whole page: parallel 401s share it (the refresh token is single use). */
const sessionRefresher = createSessionRefresher(async () => {
  if (typeof window === "undefined") return false;
  const response = await fetch(REFRESH_PATH, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      accept: "application/json",
      "x-requested-with": "fetch",
      "x-lang": current.locale,
      "x-channel-type": current.channel,
      "x-site-code": DEFAULT_SITE_CODE,
    },
  });
  return response.ok;
});

/** A refresh cannot help the refresh call itself, nor a call that carried its own bearer token. */
function refreshable(url: string, init?: RequestInit): boolean {
  if (url.split("?")[0]!.endsWith(REFRESH_PATH)) return false;
  return !new Headers(init?.headers).has("authorization");
}

/** spec 7: the headers every call carries, for the page's locale, currency and channel. */
export function specHeaders() {
  return {
    "x-lang": current.locale,
    "x-currency": current.currency,
    "x-channel-type": current.channel,
    "x-site-code": DEFAULT_SITE_CODE,
  };
}

export const api: HttpClient = createHttpClient({
  baseUrl: "",
  fetch: refreshingFetch((input, init) => globalThis.fetch(input, init), sessionRefresher, refreshable),
  getHeaders: specHeaders,
  onToast: (message) => notify.toast(message),
  onDialog: ({ titleKey, message }) => {
    void notify.dialog({
      title: translate(current.locale, titleKey),
      message,
      cancelText: false,
      alert: true,
    });
  },
  onUnauthorized: (_error, { autoLogin }) => handleUnauthorized(autoLogin),
});

/** The client, with its headers following the page's locale, currency and channel (root loader data). */
export function useApi(): HttpClient {
  const { locale } = useI18n();
  const { currency, channel } = useRootData();
  return apiFor({ locale, currency: currency.currencyCode, channel });
}

/** The client for the page's locale, currency and channel, for a component that imports it on demand (ADR 0288). */
export function apiFor(context: ApiContext): HttpClient {
  Object.assign(current, context);
  return api;
}

/**
 * spec 4: the language/currency popup's apply also updates a logged-in shopper's customer info (defaultLanguage,
 * preferenceCurrency), as /logins/preference does.
 */
export function saveCustomerPreferences(client: HttpClient, choice: PreferenceChoice): Promise<unknown> {
  return client.put("/o2cum/v1/customer-info", {
    defaultLanguage: choice.locale,
    preferenceCurrency: choice.currency,
  });
}
