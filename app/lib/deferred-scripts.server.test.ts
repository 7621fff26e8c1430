import { describe, expect, it, vi } from "vitest";
import { afterFirstPaint, deferScripts, HERO_WAIT_MS } from "./deferred-scripts.server.ts";

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

function routerBoot(): string {
  return [
    ";",
    'import * as route0 from "/assets/root-C.js";',
    'import * as route1 from "/assets/pdp-D.js";',
    '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};',
    '  window.__reactRouterRouteModules = {"root":route0,"routes/pdp":route1};',
    "",
    'import("/assets/entry.client-A.js");',
  ].join("\n");
}

/** The boot module's text in a page. */
function bootOf(html: string): string {
  return /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
}

/** A stand-in window: frames, timers, the document's visibility and its hero image, driven by the test. */
function fakeWindow(options: { hero?: "none" | "loaded" | "loading"; hidden?: boolean } = {}) {
  const frames: Array<() => void> = [];
  const timers: Array<{ at: number; run: () => void }> = [];
  const heroListeners = new Map<string, () => void>();
  const docListeners = new Map<string, () => void>();
  let now = 0;
  const hero =
    options.hero === "loaded" || options.hero === "loading"
      ? {
          complete: options.hero === "loaded",
          addEventListener: (type: string, listener: () => void) => heroListeners.set(type, listener),
        }
      : null;
  const win = {
    document: {
      visibilityState: options.hidden ? "hidden" : "visible",
      querySelector: (selector: string) => (selector === 'img[fetchpriority="high"]' ? hero : null),
      addEventListener: (type: string, listener: () => void) => docListeners.set(type, listener),
    },
    requestAnimationFrame: (run: () => void) => frames.push(run),
    setTimeout: (run: () => void, ms: number) => timers.push({ at: now + ms, run }),
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
    const appended: Array<{ rel: string; href: string }> = [];
    const imported: string[] = [];
    const fake = fakeWindow({ hero: "none" });
    const win = fake.win as unknown as Record<string, unknown>;
    const document = {
      ...(win.document as object),
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (link: { rel: string; href: string }) => appended.push(link) },
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
    fake.frame();
    fake.advance(0);
    await done;
    expect(appended.map((link) => [link.rel, link.href])).toEqual([
      ["modulepreload", "/assets/entry.client-A.js"],
      ["modulepreload", "/assets/shared-B.js"],
      ["modulepreload", "/assets/root-C.js"],
      ["modulepreload", "/assets/pdp-D.js"],
    ]);
    expect(imported).toEqual(["/assets/root-C.js", "/assets/pdp-D.js", "/assets/entry.client-A.js"]);
  });
});

describe("afterFirstPaint", () => {
  it("without a hero, goes after the next frame", () => {
    const fake = fakeWindow();
    const done = vi.fn();
    afterFirstPaint(fake.win, done, HERO_WAIT_MS);
    fake.advance(1_000);
    expect(done).not.toHaveBeenCalled();
    fake.frame();
    expect(done).not.toHaveBeenCalled();
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("with a hero already loaded, goes after the next frame", () => {
    const fake = fakeWindow({ hero: "loaded" });
    const done = vi.fn();
    afterFirstPaint(fake.win, done, HERO_WAIT_MS);
    fake.frame();
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("with a hero still loading, goes after the frame that follows its arrival (or its failure)", () => {
    for (const outcome of ["load", "error"] as const) {
      const fake = fakeWindow({ hero: "loading" });
      const done = vi.fn();
      afterFirstPaint(fake.win, done, HERO_WAIT_MS);
      fake.frame();
      fake.advance(100);
      expect(done).not.toHaveBeenCalled();
      if (outcome === "load") fake.heroLoads();
      else fake.heroFails();
      fake.frame();
      fake.advance(0);
      expect(done).toHaveBeenCalledTimes(1);
    }
  });

  it(`waits at most ${HERO_WAIT_MS} ms for a hero that does not arrive`, () => {
    const fake = fakeWindow({ hero: "loading" });
    const done = vi.fn();
    afterFirstPaint(fake.win, done, HERO_WAIT_MS);
    fake.advance(HERO_WAIT_MS - 1);
    fake.frame();
    expect(done).not.toHaveBeenCalled();
    fake.advance(1);
    fake.frame();
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
    // The hero arriving later changes nothing.
    fake.heroLoads();
    fake.frame();
    fake.advance(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it("does not wait for a frame in a hidden page, nor once the page is hidden", () => {
    const hidden = fakeWindow({ hidden: true });
    const done = vi.fn();
    afterFirstPaint(hidden.win, done, HERO_WAIT_MS);
    expect(done).toHaveBeenCalledTimes(1);

    const visible = fakeWindow();
    const later = vi.fn();
    afterFirstPaint(visible.win, later, HERO_WAIT_MS);
    visible.hide();
    expect(later).toHaveBeenCalledTimes(1);
    visible.frame();
    visible.advance(0);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
