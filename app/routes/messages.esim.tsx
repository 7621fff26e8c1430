import { Outlet } from "react-router";
import { loadLocaleBundle, localeBundle } from "../../core/i18n/index.ts";
import { pageLocale } from "../../core/locale-path.ts";
import { useRootData } from "../lib/i18n.tsx";
import { provideFeatureMessages } from "../lib/i18n-runtime.ts";
import type { Route } from "./+types/messages.esim";

/**
 * The "esim" messages of the pages nested here (ADR 0005) are a locale bundle, as the content pages' are (ADR 0293,
 * 0297): the browser loads them as a module of their own, not in each eSIM page's loader data, which a full render
 * encoded and sent every time. `handle` names the bundle for `useI18n` and the meta helpers (app/lib/i18n.tsx); the
 * entry loads the first page's, this `clientLoader` a later navigation's.
 */
export const handle = { localeBundle: "esim" } as const;

// A server loader (with nothing to send) keeps the first render's data the server's: a route with a clientLoader
// and no loader would run it while hydrating instead.
export function loader() {
  return null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await loadLocaleBundle(handle.localeBundle, pageLocale(new URL(request.url)));
  return null;
}

export { featureMessagesRevalidate as shouldRevalidate } from "../lib/feature-messages.ts";

export default function EsimMessages() {
  // Code outside React (translate) finds them too, as other layouts' messages.
  const bundle = localeBundle(handle.localeBundle, useRootData().locale);
  provideFeatureMessages(bundle.messages, bundle.compiled);
  return <Outlet />;
}
