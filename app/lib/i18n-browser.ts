import { importers } from "virtual:locale-bundles";
import type { Locale } from "../../core/constants.ts";
import { provideCompiled } from "../../core/i18n/format.ts";
import type { LocaleBundle, LocaleBundleName } from "../../core/i18n/index.ts";

/**
 * What core/i18n/index.ts is in the browser build (vite.config.ts resolves it here): the translate functions of
 * app/lib/i18n-runtime.ts, and the locale bundles (ADR 0293), the shell's and the content pages' messages, which
 * come as one immutable module per bundle and locale (`virtual:locale-bundle/<name>-<locale>`, made by
 * `localeBundles()` in vite.config.ts) instead of in every page's loader data.
 */
export * from "./i18n-runtime.ts";

const loaded = new Map<string, LocaleBundle>();
const loading = new Map<string, Promise<void>>();
const reported = new Set<string>();
const EMPTY: LocaleBundle = Object.freeze({ messages: {}, compiled: {} });

/**
 * Imports a locale bundle's module once (a failed import is tried again on the next call). The entry awaits the
 * page's bundles before it hydrates (app/entry.client.tsx); a later navigation awaits the next page's in the root's
 * client middleware (app/root.tsx, app/lib/route-messages.ts, ADR 0418).
 */
export function loadLocaleBundle(name: LocaleBundleName, locale: Locale): Promise<void> {
  const key = `${name}-${locale}`;
  let pending = loading.get(key);
  if (!pending) {
    const importer = importers[key];
    if (!importer) return Promise.reject(new Error(`i18n: no locale bundle "${key}"`));
    pending = importer().then(
      (module) => {
        provideCompiled(module.default.compiled);
        loaded.set(key, module.default);
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** A loaded locale bundle; one that was never loaded is a defect, reported once, and reads as empty. */
export function localeBundle(name: LocaleBundleName, locale: Locale): LocaleBundle {
  const key = `${name}-${locale}`;
  const bundle = loaded.get(key);
  if (bundle) return bundle;
  if (!reported.has(key)) {
    reported.add(key);
    console.error(`i18n: locale bundle "${key}" read before it was loaded`);
  }
  return EMPTY;
}
