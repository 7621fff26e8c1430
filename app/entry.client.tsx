import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { LocaleBundleName } from "../core/i18n/index.ts";
import { pageLocale } from "../core/locale-path.ts";
import { isChunkLoadError, reloadForChunkFailure } from "./lib/chunk-reload.ts";
import { handleBundles, loadBundles } from "./lib/route-messages.ts";

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
 * The first page's locale bundles (ADR 0293, 0418): the shell's, and the feature bundles the matched routes name in
 * their `handle` (app/lib/route-messages.ts), in the page's locale. Fetched while the loader data decodes; the
 * hydrating render reads them.
 */
function firstPageBundles(): Promise<unknown> {
  const modules = (window as { __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined> })
    .__reactRouterRouteModules;
  const names = new Set<LocaleBundleName>(["shell"]);
  for (const module of Object.values(modules ?? {}))
    for (const name of handleBundles(module?.handle)) names.add(name);
  return loadBundles(names, pageLocale(new URL(window.location.href)));
}

// A page's first `Intl` call costs 9–20 ms (ICU loads its data): hydration makes none on the store's pages, since
// messages format a small whole number's `#` and plural without it (core/i18n/plain-numbers.ts, ADR 0296).
// React hydrates the server's document once the bundles are in (ADR 0417), as React Router's default entry does: in a
// transition, which yields to input and paint while it works.
await firstPageBundles();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
  // React listens at the root from here on (events before hydration reaches a part are replayed). The browser
  // tests' harness waits for this on an error page, which never sets `data-hydrated` (e2e/fixtures.ts).
  document.documentElement.dataset.listening = "true";
});
