import { describe, expect, it, vi } from "vitest";
import {
  afterFirstPaint,
  deferScripts,
  HERO_PAINT_WAIT_MS,
  HERO_WAIT_MS,
} from "./deferred-scripts.server.ts";

const NONCE = "bm9uY2U=";

/** A page as React Router's `<Scripts>` writes it in a production build (shortened manifest). */
function page(boot = routerBoot()): string {
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
    `<link rel="preload" as="image" href="/media/dest/JP.svg" fetchPriority="high"/>` +
    `<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="${NONCE}"/>` +
    `<link rel="modulepreload" fetchpriority="low" href="/assets/shared-B.js" nonce="${NONCE}"/>` +
    `<link rel="modulepreload" fetchpriority="low" href="/assets/root-C.js" nonce="${NONCE}"/>` +
    `<link rel="modulepreload" fetchpriority="low" href="/assets/pdp-D.js" nonce="${NONCE}"/>` +
    `</head><body><main><img src="/media/dest/JP.svg" fetchpriority="high"/></main>` +
    `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
    `<script nonce="${NONCE}" type="module" async="">${boot}</script>` +
    `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("[]");</script>` +
    "</body></html>"
  );
}

/** React Router's manifest naming exactly the head's preloads (pretty-printed, as `<Scripts>` writes it). */
const FULL_MANIFEST = JSON.stringify(
  {
    entry: { module: "/assets/entry.client-A.js", imports: ["/assets/shared-B.js"], css: [] },
    routes: {
      root: {
        id: "root",
        path: "",
        hasLoader: true,
        module: "/assets/root-C.js",
        imports: ["/assets/shared-B.js"],
      },
      "routes/pdp": {
        id: "routes/pdp",
        parentId: "root",
        path: "pdp/:code",
        module: "/assets/pdp-D.js",
        imports: [],
      },
    },
    url: "/assets/manifest-E.js",
    version: "E",
  },
  null,
  2,
);

function routerBoot(manifest = '{"entry":{"module":"/assets/entry.client-A.js"}}'): string {
  return [
    ";",
    'import * as route0 from "/assets/root-C.js";',
    'import * as route1 from "/assets/pdp-D.js";',
    `  window.__reactRouterManifest = ${manifest};`,
    '  window.__reactRouterRouteModules = {"root":route0,"routes/pdp":route1};',
    "",
    'import("/assets/entry.client-A.js");',
  ].join("\n");
}

/** The boot module's text in a page. */
function bootOf(html: string): string {
  return /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
}

type Support = "full" | "paint only" | "none";

/**
 * A stand-in window: frames, timers, paint-timing entries, the document's visibility and its hero image, driven
 * by the test. `support` says which entry types its PerformanceObserver reports.
 */
function fakeWindow(
  options: { hero?: "none" | "loaded" | "loading"; hidden?: boolean; support?: Support } = {},
) {
  const frames: Array<() => void> = [];
  const timers: Array<{ at: number; run: () => void }> = [];
  const heroListeners = new Map<string, () => void>();
  const docListeners = new Map<string, () => void>();
  const observers: Array<{
    type: string;
    callback: (list: { getEntries(): unknown[] }) => void;
    on: boolean;
  }> = [];
  let now = 0;
  const hero =
    options.hero === "loaded" || options.hero === "loading"
      ? {
          complete: options.hero === "loaded",
          addEventListener: (type: string, listener: () => void) => heroListeners.set(type, listener),
        }
      : null;
  const support = options.support ?? "full";
  class FakeObserver {
    static supportedEntryTypes =
      support === "full" ? ["paint", "largest-contentful-paint"] : support === "paint only" ? ["paint"] : [];
    record: (typeof observers)[number];
    constructor(callback: (list: { getEntries(): unknown[] }) => void) {
      this.record = { type: "", callback, on: false };
      observers.push(this.record);
    }
    observe({ type }: { type: string }) {
      this.record.type = type;
      this.record.on = true;
    }
    disconnect() {
      this.record.on = false;
    }
  }
  const win = {
    document: {
      visibilityState: options.hidden ? "hidden" : "visible",
      querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? hero : null),
      addEventListener: (type: string, listener: () => void) => docListeners.set(type, listener),
    },
    PerformanceObserver: support === "none" ? undefined : FakeObserver,
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
  };
  const report = (type: string, entry: object) => {
    for (const observer of observers.filter((o) => o.on && o.type === type)) {
      observer.callback({ getEntries: () => [entry] });
    }
  };
  return {
    win: win as unknown as Window,
    /** Runs the pending frame callbacks (a frame is painted). */
    frame() {
      for (const run of frames.splice(0)) run();
    },
    /** Moves the clock on, running the timers that are due. */
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    /** The browser reports the first contentful paint. */
    firstPaint() {
      report("paint", { name: "first-paint" });
      report("paint", { name: "first-contentful-paint" });
    },
    /** The browser reports a largest-contentful-paint candidate: the hero, or another element. */
    largestPaint(of: "hero" | "other") {
      report("largest-contentful-paint", { element: of === "hero" ? hero : {} });
    },
    heroLoads() {
      heroListeners.get("load")?.();
    },
    heroFails() {
      heroListeners.get("error")?.();
    },
    hide() {
      win.document.visibilityState = "hidden";
      docListeners.get("visibilitychange")?.();
    },
  };
}

describe("a page sent whole loads its scripts after its first paint (ADR 0291)", () => {
  it("takes the module preloads out of the head and imports the route modules inside the boot module", () => {
    const html = deferScripts(page());
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    // The image preload (the hero) stays.
    expect(head).toContain('<link rel="preload" as="image" href="/media/dest/JP.svg" fetchPriority="high"/>');
    const boot = bootOf(html);
    // No static import is left: a module script with one would fetch it while the document is parsed.
    expect(boot).not.toMatch(/^\s*import\s[^(]/m);
    // It waits first, then preloads what the head preloaded, then imports the routes in their order.
    const wait = boot.indexOf("await new Promise");
    const preloads = boot.indexOf(
      '["/assets/entry.client-A.js","/assets/shared-B.js","/assets/root-C.js","/assets/pdp-D.js"]',
    );
    const routes = boot.indexOf(
      'const [route0,route1]=await Promise.all([import("/assets/root-C.js"),import("/assets/pdp-D.js")]);',
    );
    expect(wait).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(wait);
    expect(routes).toBeGreaterThan(preloads);
    // React Router's own code follows unchanged.
    expect(boot.slice(routes)).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/pdp":route1};',
    );
    expect(boot.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
    // The rest of the document is untouched: the nonces, the loader data, the body.
    expect(html.slice(html.indexOf("</head>"))).toBe(
      page().slice(page().indexOf("</head>")).replace(routerBoot(), boot),
    );
  });

  it("leaves a page alone when its boot module is not what it knows", () => {
    const withHmr = page(`import "/@id/__x00__virtual:react-router/inject-hmr-runtime";;\n${routerBoot()}`);
    expect(deferScripts(withHmr)).toBe(withHmr);
    const noBoot = "<!DOCTYPE html><html><head></head><body><p>Not found</p></body></html>";
    expect(deferScripts(noBoot)).toBe(noBoot);
  });

  it("the boot module's text runs: it waits for the frame, then preloads and imports", async () => {
    const html = deferScripts(page());
    const boot = bootOf(html);
    const appended: Array<{ rel: string; href: string; fetchPriority: string }> = [];
    const imported: string[] = [];
    const fake = fakeWindow({ hero: "none" });
    const win = fake.win as unknown as Record<string, unknown>;
    const document = {
      ...(win.document as object),
      createElement: () => ({ rel: "", href: "", fetchPriority: "" }),
      head: { append: (link: { rel: string; href: string; fetchPriority: string }) => appended.push(link) },
    };
    win.document = document;
    // The module's text as an async function: `import(x)` becomes a call the test sees.
    const body = boot.replaceAll(/\bimport\(/g, "load(");
    const run = new Function("window", "document", "load", `return (async () => {${body}})();`) as (
      w: unknown,
      d: unknown,
      load: (s: string) => Promise<unknown>,
    ) => Promise<void>;
    const done = run(win, document, async (specifier) => {
      imported.push(specifier);
      return {};
    });
    await Promise.resolve();
    expect(imported).toEqual([]);
    expect(appended).toEqual([]);
    fake.firstPaint();
    fake.advance(0);
    await done;
    // At low priority, as ADR 0143 had them: pictures below the first screen still go first.
    expect(appended.map((link) => [link.rel, link.href, link.fetchPriority])).toEqual([
      ["modulepreload", "/assets/entry.client-A.js", "low"],
      ["modulepreload", "/assets/shared-B.js", "low"],
      ["modulepreload", "/assets/root-C.js", "low"],
      ["modulepreload", "/assets/pdp-D.js", "low"],
    ]);
    expect(imported).toEqual(["/assets/root-C.js", "/assets/pdp-D.js", "/assets/entry.client-A.js"]);
  });
});

describe("the boot module's preloads read from React Router's manifest (ADR 0293)", () => {
  it("names no URL twice: the preloads come from the manifest, which is assigned first", () => {
    const html = deferScripts(page(routerBoot(FULL_MANIFEST)));
    const boot = bootOf(html);
    expect(boot).not.toContain('["/assets/entry.client-A.js"');
    expect(boot).toContain("(window.__reactRouterManifest)");
    const manifest = boot.indexOf("window.__reactRouterManifest = {");
    const preloads = boot.indexOf("for(const href of");
    const routes = boot.indexOf("const [route0,route1]=await Promise.all(");
    expect(manifest).toBeGreaterThan(boot.indexOf("await new Promise"));
    expect(preloads).toBeGreaterThan(manifest);
    expect(routes).toBeGreaterThan(preloads);
    expect(boot.slice(routes)).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/pdp":route1};',
    );
    expect(boot.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it("its text runs: the same preloads as the head had, then the imports", async () => {
    const boot = bootOf(deferScripts(page(routerBoot(FULL_MANIFEST))));
    const appended: string[] = [];
    const imported: string[] = [];
    const fake = fakeWindow({ hero: "none" });
    const win = fake.win as unknown as Record<string, unknown>;
    const document = {
      ...(win.document as object),
      createElement: () => ({ rel: "", href: "", fetchPriority: "" }),
      head: { append: (link: { href: string }) => appended.push(link.href) },
    };
    win.document = document;
    const body = boot.replaceAll(/\bimport\(/g, "load(");
    const run = new Function("window", "document", "load", `return (async () => {${body}})();`) as (
      w: unknown,
      d: unknown,
      load: (s: string) => Promise<unknown>,
    ) => Promise<void>;
    const done = run(win, document, async (specifier) => {
      imported.push(specifier);
      return {};
    });
    fake.firstPaint();
    fake.advance(0);
    await done;
    expect(appended).toEqual([
      "/assets/entry.client-A.js",
      "/assets/shared-B.js",
      "/assets/root-C.js",
      "/assets/pdp-D.js",
    ]);
    expect(imported).toEqual(["/assets/root-C.js", "/assets/pdp-D.js", "/assets/entry.client-A.js"]);
  });

  it("writes the list out when the manifest names other modules than the head preloaded", () => {
    const other = FULL_MANIFEST.replace("/assets/shared-B.js", "/assets/other-F.js");
    const boot = bootOf(deferScripts(page(routerBoot(other))));
    expect(boot).toContain(
      '["/assets/entry.client-A.js","/assets/shared-B.js","/assets/root-C.js","/assets/pdp-D.js"]',
    );
  });
});

describe("afterFirstPaint", () => {
  const start = (fake: ReturnType<typeof fakeWindow>) => {
    const done = vi.fn();
    afterFirstPaint(fake.win, done, HERO_WAIT_MS, HERO_PAINT_WAIT_MS);
    return done;
  };

  it("without a hero, goes once the first contentful paint is reported", () => {
    const fake = fakeWindow();
    const done = start(fake);
    fake.frame();
    fake.advance(5_000);
    expect(done).not.toHaveBeenCalled();
    fake.firstPaint();
    expect(done).not.toHaveBeenCalled();
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("without paint timing, goes after the frame after next", () => {
    const fake = fakeWindow({ support: "none" });
    const done = start(fake);
    fake.frame();
    fake.advance(0);
    expect(done).not.toHaveBeenCalled();
    fake.frame();
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("with a hero already loaded, still waits for the hero's paint to be reported", () => {
    // The picture can have arrived before the frame that draws it: a first paint without it is not enough.
    const fake = fakeWindow({ hero: "loaded" });
    const done = start(fake);
    fake.firstPaint();
    fake.advance(0);
    expect(done).not.toHaveBeenCalled();
    fake.largestPaint("hero");
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it(`with a hero already loaded and its paint not reported, goes ${HERO_PAINT_WAIT_MS} ms after the start`, () => {
    for (const support of ["full", "paint only"] as const) {
      const fake = fakeWindow({ hero: "loaded", support });
      const done = start(fake);
      fake.firstPaint();
      fake.advance(HERO_PAINT_WAIT_MS - 1);
      expect(done).not.toHaveBeenCalled();
      fake.advance(1);
      fake.advance(0);
      expect(done).toHaveBeenCalledTimes(1);
    }
  });

  it("with a hero still loading, waits for the hero's own paint to be reported", () => {
    const fake = fakeWindow({ hero: "loading" });
    const done = start(fake);
    fake.firstPaint();
    fake.largestPaint("other");
    fake.advance(100);
    expect(done).not.toHaveBeenCalled();
    fake.heroLoads();
    fake.advance(100);
    expect(done).not.toHaveBeenCalled();
    fake.largestPaint("hero");
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it(`goes ${HERO_PAINT_WAIT_MS} ms after the hero arrived when its paint is not reported, and at once when it fails`, () => {
    for (const support of ["full", "paint only"] as const) {
      const fake = fakeWindow({ hero: "loading", support });
      const done = start(fake);
      fake.firstPaint();
      fake.heroLoads();
      fake.advance(HERO_PAINT_WAIT_MS - 1);
      expect(done).not.toHaveBeenCalled();
      fake.advance(1);
      fake.advance(0);
      expect(done).toHaveBeenCalledTimes(1);
    }
    const failed = fakeWindow({ hero: "loading" });
    const done = start(failed);
    failed.firstPaint();
    failed.heroFails();
    failed.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it(`waits at most ${HERO_WAIT_MS} ms for a hero that does not arrive`, () => {
    const fake = fakeWindow({ hero: "loading" });
    const done = start(fake);
    fake.firstPaint();
    fake.advance(HERO_WAIT_MS - 1);
    expect(done).not.toHaveBeenCalled();
    fake.advance(1);
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
    // The hero arriving later changes nothing.
    fake.heroLoads();
    fake.largestPaint("hero");
    fake.advance(HERO_WAIT_MS);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("does not wait in a hidden page, nor once the page is hidden", () => {
    const hidden = fakeWindow({ hidden: true, hero: "loading" });
    expect(start(hidden)).toHaveBeenCalledTimes(1);

    const visible = fakeWindow();
    const later = start(visible);
    visible.hide();
    expect(later).toHaveBeenCalledTimes(1);
    visible.firstPaint();
    visible.advance(0);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
