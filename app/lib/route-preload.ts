import { matchRoutes } from "react-router";
import { ROUTE_PRELOAD_CONCURRENCY } from "../../core/constants.ts";

// Intent preloading (spec 9: at most 4 route preloads in parallel). Hovering or focusing an internal link loads
// the JavaScript modules of the routes it leads to, so the click renders without waiting for them; loader data is
// not fetched early (it may change, and costs the server). A limiter keeps at most 4 preloads running; later ones
// queue, newest intent first, since that is the link the shopper is about to follow.

/** Runs tasks with at most `max` running at once; the most recently queued waiting task starts next. */
export function createLimiter(max = ROUTE_PRELOAD_CONCURRENCY) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const next = () => {
    if (active >= max) return;
    const start = waiting.pop();
    if (start) start();
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting.push(() => {
          active++;
          task()
            .then(resolve, reject)
            .finally(() => {
              active--;
              next();
            });
        });
        next();
      });
    },
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}

interface ManifestRoute {
  module: string;
}
interface RouterGlobals {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute | undefined> };
  __reactRouterDataRouter?: { routes: Parameters<typeof matchRoutes>[0]; basename?: string };
}

/** The route-module URLs a path needs, from React Router's browser manifest (routes it has not discovered: none). */
export function routeModulesFor(pathname: string, globals: RouterGlobals): string[] {
  const router = globals.__reactRouterDataRouter;
  const manifest = globals.__reactRouterManifest;
  if (!router || !manifest) return [];
  const matches = matchRoutes(router.routes, pathname, router.basename) ?? [];
  return matches.flatMap((match) => {
    const id = match.route.id;
    const module = id ? manifest.routes[id]?.module : undefined;
    return module ? [module] : [];
  });
}

/**
 * Listens for intent (mouse hover, keyboard focus, a touch starting) on internal links, which React Router marks
 * `data-discover`, and preloads each route module once, through the limiter. Returns the clean-up.
 */
export function installRoutePreload(
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): () => void {
  const limiter = createLimiter();
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.("a[data-discover][href]");
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    for (const url of routeModulesFor(link.pathname, window as unknown as RouterGlobals)) {
      if (seen.has(url)) continue;
      seen.add(url);
      // A module that fails to preload loads (or fails, with its own handling) on navigation as usual.
      limiter.run(() => load(url)).catch(() => seen.delete(url));
    }
  };
  const options = { capture: true, passive: true } as const;
  document.addEventListener("pointerover", onIntent, options);
  document.addEventListener("focusin", onIntent, options);
  document.addEventListener("touchstart", onIntent, options);
  return () => {
    document.removeEventListener("pointerover", onIntent, options);
    document.removeEventListener("focusin", onIntent, options);
    document.removeEventListener("touchstart", onIntent, options);
  };
}
