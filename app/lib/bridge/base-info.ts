import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { useI18n, useRootData } from "../i18n.tsx";
import { type PreferenceChoice, preferenceTarget, savePreferences } from "../preferences.ts";
import { inAppWebView } from "./detect.ts";
import type { AppBaseInfo } from "./types.ts";

/** sessionStorage: the app's base info was read in this web view session (ADR 0156). */
export const BASE_INFO_STORAGE_KEY = "esim.baseInfo";

/**
 * The store's choice for the app's base info: its locale, and its currency when the site sells in it (else the
 * page keeps its own). Null when the page already shows both.
 */
export function baseInfoChoice(
  info: AppBaseInfo,
  page: { locale: string; currency: string; supportedCurrencies: readonly string[] },
): PreferenceChoice | null {
  const currency = page.supportedCurrencies.includes(info.currencyCode) ? info.currencyCode : page.currency;
  if (info.locale === page.locale && currency === page.currency) return null;
  return { locale: info.locale, currency };
}

function alreadyRead(): boolean {
  try {
    return window.sessionStorage.getItem(BASE_INFO_STORAGE_KEY) !== null;
  } catch {
    return false; // Storage disabled: ask on every page load rather than never.
  }
}

function rememberRead(): void {
  try {
    window.sessionStorage.setItem(BASE_INFO_STORAGE_KEY, "1");
  } catch {
    // Storage disabled: nothing to remember in.
  }
}

/**
 * spec 1, 3: inside the app, the app's base info (locale, currencyCode) becomes the store's current language and
 * currency, as the language/currency popup stores them (cookies, then the same page in that locale with the
 * `currency` query). Asked once per web view session, so a choice the shopper makes later in the popup stands;
 * a `baseInfoChanged` event from the app (its settings changed) applies again. Outside the app nothing happens.
 */
export function useAppBaseInfo(): void {
  const { locale } = useI18n();
  const { currency, site } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const page = useRef({ locale, currency: currency.currencyCode, site, location });
  page.current = { locale, currency: currency.currencyCode, site, location };

  useEffect(() => {
    // Outside the app the bridge is never loaded (ADR 0288); inside, it is imported on the first page.
    if (!inAppWebView()) return;
    let alive = true;
    let off = () => {};
    const apply = (info: AppBaseInfo) => {
      if (!alive) return;
      const now = page.current;
      const choice = baseInfoChoice(info, {
        locale: now.locale,
        currency: now.currency,
        supportedCurrencies: now.site.supportCurrencyList.map((c) => c.currencyCode),
      });
      if (!choice) return;
      savePreferences(choice);
      void navigate(preferenceTarget(now.location, choice), { replace: true });
    };
    void import("./index.ts").then(({ getAppBridge }) => {
      if (!alive) return;
      const bridge = getAppBridge();
      off = bridge.on("baseInfoChanged", apply);
      // An app that cannot answer (an error, a timeout) leaves the page as it is, and is asked again next page.
      if (!alreadyRead())
        bridge.getBaseInfo().then(
          (info) => {
            rememberRead();
            apply(info);
          },
          () => undefined,
        );
    });
    return () => {
      alive = false;
      off();
    };
  }, [navigate]);
}
