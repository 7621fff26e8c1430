/**
 * Route matching, once per path (issue 15, ADR 0295). React Router matches a path by trying every flattened
 * route branch in rank order: with the store's routes under an optional `:lang?` segment and the console's under
 * /admin there are about two hundred, and a miss costs a regular expression and a path join each. A page render
 * matches three or four times (the request, the static handler's query, and the partial manifest's parent paths
 * for route discovery), about 0.26 ms each on /plp: 8 % of a full render.
 *
 * The answer depends only on the path and the matcher's routes, so the server's matcher keeps it per path
 * (bounded, dropped when its routes change) and hands each caller a copy. React Router does not export its
 * matcher: its module is reached by its file next to the package's entry, the very module React Router uses.
 * When that file or class is not where this expects (another React Router version), matching stays as it was,
 * and `route-matching.test.ts` fails so that an upgrade notices.
 */

interface RouteMatchLike {
  params: Record<string, string | undefined>;
  [key: string]: unknown;
}
type Match = (location: unknown, allowPartial?: boolean) => RouteMatchLike[] | null;
interface MatcherPrototype {
  match: Match;
  update: (routes: unknown) => unknown;
}

const MAX_PATHS = 2_048;
const memo = new WeakMap<object, Map<string, RouteMatchLike[] | null>>();
let installed = false;

function pathOf(location: unknown): string | null {
  if (typeof location === "string") return location;
  if (location && typeof location === "object") {
    const { pathname } = location as { pathname?: unknown };
    if (typeof pathname === "string") return pathname;
  }
  return null;
}

/** A copy a caller may change: new match objects sharing one new params object, as React Router makes them. */
function copy(matches: RouteMatchLike[] | null): RouteMatchLike[] | null {
  if (matches === null) return null;
  const params = matches.length > 0 ? { ...matches[0]!.params } : {};
  return matches.map((match) => ({ ...match, params }));
}

export function memoizeMatcher(prototype: MatcherPrototype): void {
  const match = prototype.match;
  const update = prototype.update;
  prototype.update = function (this: object, routes: unknown) {
    memo.delete(this);
    return update.call(this, routes);
  };
  prototype.match = function (this: object, location: unknown, allowPartial = false) {
    const path = pathOf(location);
    if (path === null) return match.call(this, location, allowPartial);
    let paths = memo.get(this);
    if (!paths) {
      paths = new Map();
      memo.set(this, paths);
    }
    const key = `${allowPartial ? "+" : "-"}${path}`;
    let matches = paths.get(key);
    if (matches === undefined) {
      matches = match.call(this, location, allowPartial);
      if (paths.size >= MAX_PATHS) paths.clear();
      paths.set(key, matches);
    }
    return copy(matches);
  };
}

/** Makes React Router's server-side matcher remember its answers; answers whether it could. */
export async function memoizeRouteMatching(): Promise<boolean> {
  if (installed) return true;
  try {
    const entry = import.meta.resolve("react-router");
    const module = (await import(new URL("./lib/router/matcher.js", entry).href)) as {
      V6RegExMatcher?: { prototype: Partial<MatcherPrototype> };
    };
    const prototype = module.V6RegExMatcher?.prototype;
    if (typeof prototype?.match !== "function" || typeof prototype.update !== "function") return false;
    memoizeMatcher(prototype as MatcherPrototype);
    installed = true;
    return true;
  } catch {
    return false;
  }
}
