import { Outlet } from "react-router";
import { type LocaleBundleName, loadLocaleBundle, localeBundle } from "../../core/i18n/index.ts";
import { pageLocale } from "../../core/locale-path.ts";
import { useRootData } from "./i18n.tsx";
import { provideFeatureMessages } from "./i18n-runtime.ts";

/**
 * A layout whose nested pages' messages (ADR 0005) are a locale bundle (ADR 0293, 0297): the browser loads them as
 * a module of their own, not in each page's loader data, which a full render encoded and sent every time. Its
 * route module exports what this makes:
 * - `handle` names the bundle for `useI18n` and the meta helpers (app/lib/i18n.tsx);
 * - `loader`, with nothing to send, keeps the first render's data the server's: a route with a `clientLoader` and
 *   no loader would run it while hydrating instead;
 * - `clientLoader` loads a later navigation's bundle (the entry loads the first page's);
 * Its layout renders `BundleMessages` with the bundle's name.
 */
export function bundleLayout<const B extends LocaleBundleName>(name: B) {
  return {
    handle: { localeBundle: name },
    loader: () => null,
    clientLoader: async ({ request }: { request: Request }) => {
      await loadLocaleBundle(name, pageLocale(new URL(request.url)));
      return null;
    },
  };
}

/** The layout: its pages, with the bundle handed to code outside React (translate) too, as other layouts' messages. */
export function BundleMessages({ name }: { name: LocaleBundleName }) {
  const bundle = localeBundle(name, useRootData().locale);
  provideFeatureMessages(bundle.messages, bundle.compiled);
  return <Outlet />;
}
