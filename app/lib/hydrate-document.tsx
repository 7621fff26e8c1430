import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInSlices } from "./hydrate-later.tsx";

/**
 * Hydrates the server's document with React, as React Router's default entry does. This is the browser build with
 * `HYDRATE_WITH=react` (issue 33, ADR 0402); the default build hydrates with Preact instead: `preactInBrowser()` in
 * vite.config.ts resolves this module to `./preact/hydrate-document.tsx`. React hydrates in a transition that
 * yields, so `HydrateLater` takes no slices here (its parts hydrate with the rest) and `data-hydrated` follows the
 * root's first effects. `ready` is what the first render needs loaded first (the page's locale bundles).
 */
export async function hydrateDocument(ready: Promise<unknown>): Promise<void> {
  await ready;
  startTransition(() => {
    hydrateInSlices(() =>
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      ),
    );
    // React listens at the root from here on (events before hydration reaches a part are replayed). The browser
    // tests' harness waits for this on an error page, which never sets `data-hydrated` (e2e/fixtures.ts).
    document.documentElement.dataset.listening = "true";
  });
}
