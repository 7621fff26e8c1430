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
 * the module preloads leave the head, and the boot module first waits (`afterFirstPaint`: the next frame, after
 * the hero image has arrived when the page has one), then adds the same preloads and imports the route modules
 * dynamically before running React Router's own code unchanged. The shopper sees the same page, painted no later;
 * it hydrates a frame (and at most `HERO_WAIT_MS` on a slow hero) later.
 */

/** How long the scripts wait for a hero image that has not arrived before they load anyway. */
export const HERO_WAIT_MS = 2_500;

/**
 * Runs in the boot module (sent as source text, so self-contained): calls `done` once, after the frame that paints
 * the page (and its `fetchpriority="high"` image, when it has one that is still loading, up to `heroWaitMs`). A
 * hidden page paints nothing, so it does not wait for a frame (requestAnimationFrame does not run there).
 */
export function afterFirstPaint(win: Window, done: () => void, heroWaitMs: number): void {
  const doc = win.document;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  let painted = false;
  const paint = () => {
    if (painted) return;
    painted = true;
    if (doc.visibilityState !== "visible") {
      finish();
      return;
    }
    doc.addEventListener("visibilitychange", finish, { once: true });
    // The callback runs in the frame that paints; the timeout after that frame.
    win.requestAnimationFrame(() => win.setTimeout(finish, 0));
  };
  const hero = doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!hero || hero.complete) {
    paint();
    return;
  }
  hero.addEventListener("load", paint, { once: true });
  hero.addEventListener("error", paint, { once: true });
  win.setTimeout(paint, heroWaitMs);
}

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HREF = /\shref="([^"]+)"/;
/** React Router's boot script: the document's inline module script. */
const BOOT_SCRIPT = /(<script\b[^>]*\stype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_IMPORT = /^\s*import \* as ([\w$]+) from ("[^"\n]+");\s*$/gm;

/** A value as JavaScript source inside a `<script>` element. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * The page with its first-load scripts deferred to after its first paint, or the page unchanged when it has no
 * React Router boot module (an error page without scripts) or the boot module is not what this code knows.
 */
export function deferScripts(html: string): string {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const boot = BOOT_SCRIPT.exec(html);
  if (!boot || boot.index < headEnd || /\ssrc=/.test(boot[1] ?? "")) return html;
  const [whole, open = "", body = "", close = ""] = boot;

  const preloads: string[] = [];
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (tag) => {
    const href = HREF.exec(tag)?.[1];
    if (href) preloads.push(href.replaceAll("&amp;", "&"));
    return "";
  });

  const names: string[] = [];
  const specifiers: string[] = [];
  const rest = body.replace(STATIC_IMPORT, (_, name: string, specifier: string) => {
    names.push(name);
    specifiers.push(specifier);
    return "";
  });
  // Any other static import would still load at once: leave such a page as it was.
  if (/^\s*import\s[^(]/m.test(rest)) return html;

  const deferred =
    `;await new Promise((done)=>(${afterFirstPaint.toString()})(window,done,${HERO_WAIT_MS}));` +
    `for(const href of ${scriptLiteral(preloads)}){const link=document.createElement("link");` +
    `link.rel="modulepreload";link.href=href;document.head.append(link)}` +
    (names.length
      ? `const [${names.join(",")}]=await Promise.all([${specifiers.map((s) => `import(${s})`).join(",")}]);`
      : "") +
    rest;

  const bootStart = boot.index;
  return (
    head + html.slice(headEnd, bootStart) + open + deferred + close + html.slice(bootStart + whole.length)
  );
}
