import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isChunkLoadError, reloadForChunkFailure } from "./lib/chunk-reload.ts";

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
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
