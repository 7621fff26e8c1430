import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { type LocaleBundleName, loadLocaleBundle } from "../core/i18n/index.ts";
import { pageLocale } from "../core/locale-path.ts";
import { isChunkLoadError, reloadForChunkFailure } from "./lib/chunk-reload.ts";
import { hydrateInSlices } from "./lib/hydrate-later.tsx";
import {
  prepareDocumentForHydration,
  runEffectsBeforeTheNextEvent,
  runHydrationEffectsInTheNextTask,
} from "./lib/preact/hydration.ts";

// spec 2: a chunk-load failure reloads the page once (guard 10 s). Vite reports failed module preloads with
// vite:preloadError; a failed route import surfaces as an unhandled rejection.
function onChunkFailure(event: Event, error: unknown) {
  if (reloadForChunkFailure(sessionStorage, () => window.location.reload())) event.preventDefault();
  else console.error(error);
}
window.addEventListener("vite:preloadError", (event) =>
  onChunkFailure(event, (event as Event & { payload?: unknown }).payload),
);
window.addEventListener("unhandledrejection", (event) => {
  if (isChunkLoadError(event.reason)) onChunkFailure(event, event.reason);
  // A request the router aborted because newer work superseded it (a fetcher's load when a form is submitted) can
  // leave its body's reading rejected with nobody waiting: nothing failed, so nothing is reported.
  else if (isAbort(event.reason)) event.preventDefault();
});

function isAbort(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

/**
 * The browser hydrates with Preact (ADR 0292). `HydratedRouter` throws the promise that decodes the streamed loader
 * data on its first render; React waits for it at the root, Preact needs a `<Suspense>` above it and would hydrate
 * nothing meanwhile. It is started and awaited here (the component throws it before its first hook), so the
 * hydrating render has the data. `e2e/preact-hydration.spec.ts` fails if a React Router upgrade changes this.
 */
async function routerStateDecoded() {
  try {
    (HydratedRouter as unknown as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown && typeof (thrown as PromiseLike<unknown>).then === "function") await thrown;
    else throw thrown;
  }
}

/**
 * The first page's locale bundles (ADR 0293): the shell's, and those the matched routes name in their `handle`
 * (the content pages' layout), in the page's locale, as their loaders would have sent them. Fetched while the
 * loader data decodes; the hydrating render reads them.
 */
function firstPageBundles(): Promise<unknown> {
  const modules = (window as { __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined> })
    .__reactRouterRouteModules;
  const names = new Set<LocaleBundleName>(["shell"]);
  for (const module of Object.values(modules ?? {})) {
    const name = (module?.handle as { localeBundle?: LocaleBundleName } | undefined)?.localeBundle;
    if (name) names.add(name);
  }
  const locale = pageLocale(new URL(window.location.href));
  return Promise.all([...names].map((name) => loadLocaleBundle(name, locale)));
}

// A page's first `Intl` call costs 9–20 ms (ICU loads its data): hydration makes none on the store's pages, since
// messages format a small whole number's `#` and plural without it (core/i18n/plain-numbers.ts, ADR 0296).
await Promise.all([firstPageBundles(), routerStateDecoded()]);
await prepareDocumentForHydration();
runHydrationEffectsInTheNextTask();
startTransition(() => {
  // Preact hydrates synchronously; the parts marked `HydrateLater` follow, a task each (ADR 0294).
  hydrateInSlices(() =>
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    ),
  );
  // The page's listeners are attached now, but for the later parts'. An error page (the root's error boundary)
  // never sets `data-hydrated`; the browser tests' harness waits for this instead (e2e/fixtures.ts).
  document.documentElement.dataset.listening = "true";
  runEffectsBeforeTheNextEvent();
});
