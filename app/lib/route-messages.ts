import { matchRoutes } from "react-router";
import type { Locale } from "../../core/constants.ts";
import {
  type FeatureMessageBundle,
  type LocaleBundleName,
  loadLocaleBundle,
  localeBundle,
  type MessageKey,
} from "../../core/i18n/index.ts";

/**
 * Which feature bundles (core/i18n `FEATURE_MESSAGE_BUNDLES`) a route's page needs beyond the shell's messages
 * (ADR 0005, 0418). A route module says so in its `handle`:
 *
 *     export const handle = { messages: ["account"] } satisfies MessagesHandle;
 *
 * A page gets the bundles of every matched route, so a parent's (the /my layout's "account") reach its children.
 * The server renders from the catalogues; the browser loads each bundle as a module of its own (ADR 0293): the entry
 * before it hydrates the first page, the root's client middleware before a navigation renders the next one.
 * app/lib/feature-messages.test.ts reads these handles and checks every page only uses keys sent to it.
 */
export interface MessagesHandle {
  messages: readonly FeatureMessageBundle[];
}

type Match = { handle?: unknown } | undefined;

/** The bundles one route's handle names (none when it names none). */
export function handleBundles(handle: unknown): readonly FeatureMessageBundle[] {
  const messages = (handle as Partial<MessagesHandle> | undefined)?.messages;
  return Array.isArray(messages) ? messages : [];
}

/** The bundles of every matched route, outermost first, each once. */
export function matchedBundles(matches: readonly Match[]): FeatureMessageBundle[] {
  const names = new Set<FeatureMessageBundle>();
  for (const match of matches) for (const name of handleBundles(match?.handle)) names.add(name);
  return [...names];
}

/** The messages of the bundles a set of matches names, in one locale: shared objects nobody may change. */
export function matchedMessages(
  matches: readonly Match[],
  locale: Locale,
): Partial<Record<MessageKey, string>>[] {
  return matchedBundles(matches).map((name) => localeBundle(name, locale).messages);
}

/** Loads locale bundles (a no-op on the server, and for a bundle already loaded). */
export function loadBundles(names: Iterable<LocaleBundleName>, locale: Locale): Promise<unknown> {
  return Promise.all([...names].map((name) => loadLocaleBundle(name, locale)));
}

interface RouterGlobals {
  __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> };
  __reactRouterRouteModules?: Record<string, { handle?: unknown } | undefined>;
  __reactRouterDataRouter?: { routes: Parameters<typeof matchRoutes>[0]; basename?: string };
}

/**
 * The browser's: the bundles the routes a path matches name in their handles. A route module not loaded yet is
 * imported (the router imports the same URL for the navigation, so it loads once); one that fails to load names
 * nothing here, and the router's own import reports it as it always has.
 */
export async function pathBundles(
  pathname: string,
  globals: RouterGlobals = window as unknown as RouterGlobals,
): Promise<FeatureMessageBundle[]> {
  const router = globals.__reactRouterDataRouter;
  const manifest = globals.__reactRouterManifest;
  if (!router) return [];
  const matches = matchRoutes(router.routes, pathname, router.basename) ?? [];
  const handles = await Promise.all(
    matches.map(async ({ route }) => {
      const id = route.id;
      if (!id) return undefined;
      const loaded = globals.__reactRouterRouteModules?.[id];
      if (loaded) return loaded.handle;
      const url = manifest?.routes[id]?.module;
      if (!url) return undefined;
      return import(/* @vite-ignore */ url).then(
        (module: { handle?: unknown }) => module.handle,
        () => undefined,
      );
    }),
  );
  return matchedBundles(handles.map((handle) => ({ handle })));
}
