import type { FastifyRequest } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isApiPath } from "../http/api-prefixes.ts";
import { UNMATCHED_ROUTE } from "./http.ts";

/**
 * The route label of a page request (issue 34 item 4; ADR 0379): the pattern of the React Router route that
 * serves it, as React Router itself matches it (`matchRoutes` over the build's route manifest), e.g.
 * `/:lang?/pdp/:id`, `/admin/orders/:code`, `/:lang?` for home, `/:lang?/*` for the store's not-found page. Never
 * the raw URL, so the series stay as few as the routes. A single-fetch data request (`/plp.data`) is its page's
 * pattern with `.data` after it (other work, other latency); route discovery is `/__manifest`; an API path the
 * page route answers with a 404, or a path no route matches, is `unmatched`.
 */

type Manifest = ServerBuild["routes"];
type Build = Pick<ServerBuild, "routes" | "basename" | "routeDiscovery">;

/** A miss flattens and ranks every route branch (about 1 ms on this machine), so labels are kept per path. */
const MAX_PATHS = 4_096;
const DATA_SUFFIX = ".data";

interface Labeller {
  routes: RouteObject[];
  labels: Map<string, string>;
}
const labellers = new WeakMap<Manifest, Labeller>();

/** The manifest's flat routes as React Router's nested route objects (what its static handler builds). */
function routeTree(manifest: Manifest, parentId = ""): RouteObject[] {
  const routes = Object.values(manifest).filter((route) => route !== undefined);
  return routes
    .filter((route) => (route.parentId ?? "") === parentId)
    .map((route): RouteObject => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return route.index
        ? { ...common, index: true }
        : { ...common, children: routeTree(manifest, route.id) };
    });
}

/** The joined paths of the matched routes, as React Router writes a match's pattern. */
function patternOf(routes: RouteObject[], pathname: string, basename: string | undefined): string {
  const matches = matchRoutes(routes, pathname, basename);
  if (!matches || matches.length === 0) return UNMATCHED_ROUTE;
  const joined = matches
    .map((match) => match.route.path)
    .filter(Boolean)
    .join("/");
  return `/${joined}`.replace(/\/\/+/g, "/");
}

/** The label of a page path (no query) under this build's routes. */
export function pageRouteLabel(build: Build, pathname: string): string {
  if (isApiPath(pathname)) return UNMATCHED_ROUTE;
  const manifestPath = build.routeDiscovery?.manifestPath || "/__manifest";
  if (pathname === manifestPath) return manifestPath;
  let labeller = labellers.get(build.routes);
  if (!labeller) {
    labeller = { routes: routeTree(build.routes), labels: new Map() };
    labellers.set(build.routes, labeller);
  }
  const known = labeller.labels.get(pathname);
  if (known !== undefined) return known;
  // A data request matches as its page does (React Router's getNormalizedPath).
  let label: string;
  if (pathname.endsWith(DATA_SUFFIX)) {
    const page = pathname.endsWith(`/_${DATA_SUFFIX}`)
      ? pathname.slice(0, -`_${DATA_SUFFIX}`.length)
      : pathname.slice(0, -DATA_SUFFIX.length);
    const pattern = patternOf(labeller.routes, page || "/", build.basename);
    label = pattern === UNMATCHED_ROUTE ? pattern : `${pattern}${DATA_SUFFIX}`;
  } else {
    label = patternOf(labeller.routes, pathname, build.basename);
  }
  if (labeller.labels.size >= MAX_PATHS) labeller.labels.clear();
  labeller.labels.set(pathname, label);
  return label;
}

/**
 * The page route's label function (its `routeLabel` config, read by `http.ts` when the request is answered, so a
 * request answered early by a hook is labelled too). Development reads the current build (Vite's module cache).
 */
export function pageRouteLabeller(
  build: ServerBuild | (() => Promise<ServerBuild>),
): (request: FastifyRequest) => string | Promise<string> {
  return (request) => {
    const pathname = request.url.split("?", 1)[0] || "/";
    if (typeof build !== "function") return pageRouteLabel(build, pathname);
    return build().then(
      (current) => pageRouteLabel(current, pathname),
      () => UNMATCHED_ROUTE,
    );
  };
}
