import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInSlices } from "../hydrate-later.tsx";
import {
  prepareDocumentForHydration,
  runEffectsBeforeTheNextEvent,
  runHydrationEffectsInTheNextTask,
} from "./hydration.ts";

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
 * Hydrates the server's document with Preact: the default browser build, where `preactInBrowser()` in vite.config.ts
 * resolves `app/lib/hydrate-document.tsx` (React's way, the `HYDRATE_WITH=react` build) to this module. `ready` (the
 * page's locale bundles) loads while the router's data decodes.
 */
export async function hydrateDocument(ready: Promise<unknown>): Promise<void> {
  await Promise.all([ready, routerStateDecoded()]);
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
}
