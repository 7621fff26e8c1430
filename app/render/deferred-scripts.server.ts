import { keptAnswers } from "../../core/kept.ts";
import { compactSource } from "../../core/script-string.ts";

/**
 * Scripts after the first paint (issue 15, ADR 0291). A page the server renders whole is complete without its
 * scripts; they only hydrate it. React Router's `<Scripts>` puts a `<link rel="modulepreload">` in the head for
 * every module of the first load and an inline module script that imports the route modules statically, so the
 * browser fetches all of them while it parses the document. On a fast connection they finish before the first
 * paint, and Lighthouse's simulation then counts every one of them on the way to Largest Contentful Paint (its
 * LCP graph keeps each request that ended before the observed LCP): about 140 kB of JavaScript at a slow 4G's
 * bandwidth, the difference between an LCP of 1.1 s and one of 2.3 s.
 *
 * `deferScripts` rewrites such a page so that nothing of the first load is fetched before the page has painted:
 * the module preloads leave the head, and the boot module first waits (`afterFirstPaint`: until the browser has
 * reported the first contentful paint and, when the page has a hero picture, the hero's), then adds the same
 * preloads and imports the route modules dynamically before running React Router's own code unchanged. The
 * shopper sees the same page, painted no later; it hydrates a little later (a frame or two, and at most
 * `HERO_WAIT_MS` on a slow hero).
 */

import { type DocumentText, type Edit, editString, stringDocument, textOf } from "./document-edits.server.ts";

/** How long the scripts wait for a hero image that has not arrived before they load anyway. */
export const HERO_WAIT_MS = 2_500;

/** How long after its arrival a hero's paint is waited for when the browser does not report it (no LCP entry). */
export const HERO_PAINT_WAIT_MS = 500;

/**
 * Runs in the boot module (sent as source text, so self-contained): calls `done` once the page's first contentful
 * paint has been reported (a `paint` performance entry, which the browser queues once the frame is on screen; the
 * frame after next where it has none) and, when the page has a `fetchpriority="high"` picture, once that picture's
 * paint has been reported too (a `largest-contentful-paint` entry for it; without one, 500 ms after it arrived, or
 * after the start when it had already arrived), at most `heroWaitMs` after the start for the picture. A hidden page paints nothing and does
 * not wait.
 */
export function afterFirstPaint(
  win: Window & { PerformanceObserver?: typeof PerformanceObserver },
  done: () => void,
  heroWaitMs: number,
  heroPaintWaitMs: number,
): void {
  const doc = win.document;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  if (doc.visibilityState !== "visible") {
    finish();
    return;
  }
  doc.addEventListener("visibilitychange", finish, { once: true });

  const hero = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  let painted = false;
  // A hero that has arrived is not yet a hero on screen: its paint is waited for too (the frame that draws it can
  // come after the first contentful paint).
  let heroShown = !hero;
  const check = () => {
    if (painted && heroShown) win.setTimeout(finish, 0);
  };
  const Observer = win.PerformanceObserver;
  const types = Observer?.supportedEntryTypes ?? [];
  const observe = (type: string, seen: (entry: PerformanceEntry) => boolean) => {
    if (!Observer) return;
    const observer = new Observer((list) => {
      if (list.getEntries().some(seen)) observer.disconnect();
    });
    observer.observe({ type, buffered: true });
  };

  if (types.includes("paint")) {
    observe("paint", (entry) => {
      if (entry.name !== "first-contentful-paint") return false;
      painted = true;
      check();
      return true;
    });
  } else {
    win.requestAnimationFrame(() =>
      win.requestAnimationFrame(() => {
        painted = true;
        check();
      }),
    );
  }

  if (!hero) return;
  const shown = () => {
    heroShown = true;
    check();
  };
  if (types.includes("largest-contentful-paint")) {
    observe("largest-contentful-paint", (entry) => {
      if ((entry as PerformanceEntry & { element?: Element | null }).element !== hero) return false;
      shown();
      return true;
    });
  }
  if (hero.complete) {
    win.setTimeout(shown, heroPaintWaitMs);
  } else {
    hero.addEventListener("load", () => win.setTimeout(shown, heroPaintWaitMs), { once: true });
    hero.addEventListener("error", shown, { once: true });
  }
  win.setTimeout(shown, heroWaitMs);
}

const HEAD_END = "</head>";
const MODULE_PRELOAD_OPEN = '<link rel="modulepreload"';
const HREF = /\shref="([^"]+)"/;
/** React Router's boot script: the document's inline module script. */
const BOOT_SCRIPT = /(<script\b[^>]*\stype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const STATIC_IMPORT = /^\s*import \* as ([\w$]+) from ("[^"\n]+");\s*$/gm;

/** React Router's manifest assignment in the boot module, up to the route modules' (which name the imports). */
const MANIFEST = /window\.__reactRouterManifest = (\{[\s\S]*?\});\s*(?=window\.__reactRouterRouteModules)/;

interface BootManifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, Record<string, unknown> & { imports?: string[] }>;
}

/**
 * Runs in the boot module (sent as source text, so self-contained; ADR 0293): the modules React Router's manifest
 * names for the page, the entry and each route's modules (`module`, `clientLoaderModule`, …: its strings naming a
 * `.js` file) with their imports, which is what `<Scripts>` preloads. Written out, that list repeated every URL of
 * the manifest (about 0.8 kB on home).
 */
export function manifestModules(manifest: BootManifest): string[] {
  const routes = Object.values(manifest.routes).flatMap((route) => [
    ...Object.values(route).filter((value) => typeof value === "string" && value.endsWith(".js")),
    ...(route.imports || []),
  ]);
  return [...new Set([manifest.entry.module, ...(manifest.entry.imports || []), ...routes])] as string[];
}

/** `manifestModules` as code when, run here, it names exactly the preloaded modules; else null. */
function preloadsFromManifest(manifestText: string, preloads: string[]): string | null {
  let named: Set<string>;
  try {
    named = new Set(manifestModules(JSON.parse(manifestText) as BootManifest));
  } catch {
    return null;
  }
  if (named.size !== new Set(preloads).size || !preloads.every((href) => named.has(href))) return null;
  return `(${source().manifestModules})(window.__reactRouterManifest)`;
}

/** The functions the boot module runs, as compact source: made once. */
let sources: { manifestModules: string; afterFirstPaint: string } | null = null;
const source = () => {
  sources ??= {
    manifestModules: compactSource(manifestModules.toString()),
    afterFirstPaint: compactSource(afterFirstPaint.toString()),
  };
  return sources;
};

/** A value as JavaScript source inside a `<script>` element. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * `deferredBody`, kept by its input: a route's boot module and preloads come back the same render after render, so
 * each is read (its imports, its manifest parsed to check the preloads) once (512 kept).
 */
const deferredBodies = keptAnswers<string, string | null>(512);

function deferredBodyOnce(body: string, preloads: string[]): string | null {
  return deferredBodies(`${preloads.join(" ")}\n${body}`, () => deferredBody(body, preloads));
}

/** The boot module's body, deferred; null when it holds a static import this code does not know. */
function deferredBody(body: string, preloads: string[]): string | null {
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest = body.replace(STATIC_IMPORT, (_, name: string, specifier: string) => {
    names.push(name);
    specifiers.push(specifier);
    return "";
  });
  // Any other static import would still load at once: leave such a page as it was.
  if (/^\s*import\s[^(]/m.test(rest)) return null;

  // React Router's manifest is assigned first when the preloads can be read from it (ADR 0293); nothing reads it
  // before the entry runs.
  const manifest = MANIFEST.exec(rest);
  const fromManifest = manifest ? preloadsFromManifest(manifest[1] ?? "", preloads) : null;
  const before =
    manifest && fromManifest ? `${rest.slice(0, manifest.index).trim()}${manifest[0].trim()}` : "";
  const after = manifest && fromManifest ? rest.slice(manifest.index + manifest[0].length) : rest.trimStart();
  const preloadList = fromManifest ?? scriptLiteral(preloads);

  return (
    `;await new Promise((done)=>(${source().afterFirstPaint})(window,done,${HERO_WAIT_MS},${HERO_PAINT_WAIT_MS}));` +
    before +
    `for(const href of ${preloadList}){const link=document.createElement("link");` +
    `link.rel="modulepreload";link.fetchPriority="low";link.href=href;document.head.append(link)}` +
    (names.length
      ? `const [${names.join(",")}]=await Promise.all([${specifiers.map((s) => `import(${s})`).join(",")}]);`
      : "") +
    after
  );
}

export interface BootScriptOptions {
  /** Defer the first load to after the first paint; otherwise the module preloads get a low fetch priority. */
  defer: boolean;
  /** Rewrites the boot module's text (React Router's manifest is in it), deferred or not. */
  body?: (text: string) => string;
}

/**
 * The edits to the head's module preloads and to React Router's boot module: with `defer`, the preloads leave the
 * head and the boot module waits for the first paint (when the page has a boot module this code knows; otherwise
 * the page keeps its preloads, at a low priority).
 */
export function bootScriptEdits(doc: DocumentText, { defer, body }: BootScriptOptions): Edit[] {
  const html = doc.text;
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return [];
  BOOT_SCRIPT.lastIndex = headEnd;
  const boot = BOOT_SCRIPT.exec(html);
  const links = modulePreloads(doc, headEnd);
  const edits: Edit[] = [];
  if (boot && !/\ssrc=/.test(boot[1] ?? "")) {
    const bodyStart = boot.index + (boot[1] ?? "").length;
    const bodyEnd = bodyStart + (boot[2] ?? "").length;
    const original = doc.slice(bodyStart, bodyEnd);
    const rewritten = body ? body(original) : original;
    const preloads = links.flatMap((link) => (link.href ? [link.href.replaceAll("&amp;", "&")] : []));
    const deferred = defer ? deferredBodyOnce(rewritten, preloads) : null;
    if (deferred !== null) {
      for (const link of links) edits.push({ start: link.start, end: link.end, text: "" });
      edits.push({ start: bodyStart, end: bodyEnd, text: deferred });
      return edits;
    }
    if (rewritten !== original) edits.push({ start: bodyStart, end: bodyEnd, text: rewritten });
  }
  return [...edits, ...lowPriority(links)];
}

interface ModulePreload {
  start: number;
  end: number;
  href: string | null;
}

/** The head's `<link rel="modulepreload">` tags. */
function modulePreloads(doc: DocumentText, headEnd: number): ModulePreload[] {
  const html = doc.text;
  const links: ModulePreload[] = [];
  for (let at = html.indexOf(MODULE_PRELOAD_OPEN); at !== -1 && at < headEnd; ) {
    const end = html.indexOf(">", at) + 1;
    if (end === 0) break;
    links.push({ start: at, end, href: HREF.exec(textOf(doc, at, end))?.[1] ?? null });
    at = html.indexOf(MODULE_PRELOAD_OPEN, end);
  }
  return links;
}

const lowPriority = (links: ModulePreload[]): Edit[] =>
  links.map((link) => {
    const at = link.start + MODULE_PRELOAD_OPEN.length;
    return { start: at, end: at, text: ' fetchpriority="low"' };
  });

/**
 * The edits that give the head's module preloads a low fetch priority (ADR 0143), for a page that streams: its
 * scripts only hydrate a page that is complete without them, so they should not compete with the hero image.
 * None until the document holds the end of its head.
 */
export function lowPriorityPreloadEdits(doc: DocumentText): Edit[] {
  const headEnd = doc.text.indexOf(HEAD_END);
  return headEnd === -1 ? [] : lowPriority(modulePreloads(doc, headEnd));
}

/**
 * The page with its first-load scripts deferred to after its first paint, or the page unchanged when it has no
 * React Router boot module (an error page without scripts) or the boot module is not what this code knows.
 */
export function deferScripts(html: string): string {
  const edits = bootScriptEdits(stringDocument(html), { defer: true });
  return edits.some((edit) => edit.start !== edit.end) ? editString(html, edits) : html;
}
