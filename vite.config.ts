import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { LOCALES } from "./core/constants.ts";
import { LOCALE_BUNDLES, type LocaleBundleName, localeBundle } from "./core/i18n/index.ts";

/**
 * In the browser build only, core/i18n/index.ts (every catalogue, every locale) resolves to
 * app/lib/i18n-browser.ts, which translates with the messages the page loaded: the locale bundles' modules (ADR
 * 0293, 0418: the shell's and those the matched routes name in their handles).
 */
function browserMessages(): Plugin {
  const catalogue = path.resolve("core/i18n/index.ts");
  const runtime = path.resolve("app/lib/i18n-browser.ts");
  return {
    name: "browser-messages",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment?.name !== "client" || !source.endsWith("i18n/index.ts")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === catalogue ? runtime : null;
    },
  };
}

/**
 * The locale bundles (ADR 0293): `virtual:locale-bundle/<bundle>-<locale>` is one bundle's messages in one locale
 * with their ICU syntax trees (`localeBundle` in core/i18n), a chunk of its own, content-hashed and immutable like
 * every other; `virtual:locale-bundles` maps "<bundle>-<locale>" to an import of each. Read from the catalogues
 * this config imports: Vite restarts the development server when they change.
 */
function localeBundles(): Plugin {
  const INDEX = "virtual:locale-bundles";
  const PREFIX = "virtual:locale-bundle/";
  const keys = (Object.keys(LOCALE_BUNDLES) as LocaleBundleName[]).flatMap((name) =>
    LOCALES.map((locale) => `${name}-${locale}`),
  );
  return {
    name: "locale-bundles",
    resolveId(source) {
      return source === INDEX || source.startsWith(PREFIX) ? `\0${source}` : null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const entries = keys.map(
          (key) => `${JSON.stringify(key)}: () => import(${JSON.stringify(PREFIX + key)})`,
        );
        return `export const importers = {${entries.join(",")}};`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const key = id.slice(PREFIX.length + 1);
      if (!keys.includes(key)) throw new Error(`no locale bundle "${key}"`);
      const [name, locale] = key.split("-") as [LocaleBundleName, (typeof LOCALES)[number]];
      return `export default ${JSON.stringify(localeBundle(name, locale))};`;
    },
  };
}

/**
 * In the browser build only, intl-messageformat gets the ICU parser's no-parser build (ADR 0247, as formatjs
 * recommends): about 27 kB of parser (8 kB gzipped) leaves every page's first load. The server parses the few
 * messages with ICU arguments and sends their syntax trees with the messages (compiledOf in core/i18n).
 */
function noIcuParserInBrowser(): Plugin {
  const PARSER = "@formatjs/icu-messageformat-parser";
  return {
    name: "no-icu-parser-in-browser",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (this.environment?.name !== "client" || source !== PARSER) return null;
      return this.resolve(`${PARSER}/no-parser.js`, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Fewer first-load requests (ADR 0144). In the browser build the automatic splitting made two dozen small shared
 * chunks for home, each one a request, several round trips over the six connections a browser opens to an
 * HTTP/1.1 origin. Two groups instead:
 * - "shared": every module the root route needs statically. Every page loads the root route, so no page
 *   downloads anything more.
 * - "content": the content-page renderer (ContentPage and its static imports) for home, /cmsCLP and /preview,
 *   without the modules any other route needs, so no other page loads it.
 * Route modules stay entries of their own.
 */
function firstLoadChunks(): { plugin: Plugin; chunkName: (id: string) => string | null } {
  const ROOT = path.resolve("app/root.tsx");
  const CONTENT = path.resolve("app/features/content-blocks/ContentPage.tsx");
  const CONTENT_ROUTES = ["home", "cms-clp", "preview"].map((name) => path.resolve(`app/routes/${name}.tsx`));
  const ROUTES = path.resolve("app/routes") + path.sep;
  const imports = new Map<string, readonly string[]>();
  const entries = new Set<string>();
  let groups: Map<string, string> | null = null;
  const file = (id: string) => id.split("?")[0]!;
  const closureOf = (starts: string[]) => {
    const seen = new Set<string>();
    const pending = [...starts];
    while (pending.length) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...(imports.get(id) ?? []));
    }
    return seen;
  };
  const compute = () => {
    const ids = [...imports.keys()];
    const shared = closureOf(ids.filter((id) => file(id) === ROOT));
    const otherRoutes = closureOf(
      [...entries].filter((id) => file(id).startsWith(ROUTES) && !CONTENT_ROUTES.includes(file(id))),
    );
    const result = new Map<string, string>();
    for (const id of closureOf(ids.filter((id) => file(id) === CONTENT))) {
      if (!shared.has(id) && !otherRoutes.has(id)) result.set(id, "content");
    }
    for (const id of shared) result.set(id, "shared");
    for (const id of entries) result.delete(id);
    return result;
  };
  return {
    plugin: {
      name: "first-load-chunks",
      applyToEnvironment: (environment) => environment.name === "client",
      buildStart() {
        imports.clear();
        entries.clear();
        groups = null;
      },
      buildEnd() {
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (!info) continue;
          imports.set(id, info.importedIds);
          if (info.isEntry) entries.add(id);
        }
      },
    },
    chunkName: (id) => {
      groups ??= compute();
      return groups.get(id) ?? null;
    },
  };
}

const chunks = firstLoadChunks();

export default defineConfig({
  plugins: [
    browserMessages(),
    localeBundles(),
    noIcuParserInBrowser(),
    tailwindcss(),
    reactRouter(),
    chunks.plugin,
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              // "shared" first: a module both groups want stays in the chunk every page loads.
              groups: [
                { name: "shared", test: (id) => chunks.chunkName(id) === "shared", priority: 2 },
                { name: "content", test: (id) => chunks.chunkName(id) === "content", priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
});
