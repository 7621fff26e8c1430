/** The locale bundles' modules (ADR 0293), made by `localeBundles()` in vite.config.ts for the browser build. */
declare module "virtual:locale-bundles" {
  import type { LocaleBundle } from "../core/i18n/index.ts";
  /** By "<bundle>-<locale>": imports that bundle's module. */
  export const importers: Record<string, () => Promise<{ default: LocaleBundle }>>;
}
