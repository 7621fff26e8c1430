import { describe, expect, it } from "vitest";
import { deferScripts } from "./deferred-scripts.server.ts";
import { bytesDocument, editBytes, editString, stringDocument } from "./document-edits.server.ts";
import { prunePageCss } from "./page-css.server.ts";
import { compactRouterScripts } from "./router-scripts.server.ts";
import { finishWholeDocument } from "./whole-document.server.ts";

const NONCE = "bm9uY2U=";
const manifest = { entry: { module: "/assets/entry.client-A.js" }, routes: { root: { id: "root" } } };
// How React Router writes a loader-data chunk (JSON.stringify, then <, >, &, U+2028 and U+2029 escaped).
const enqueue = (value: string) =>
  `window.__reactRouterContext.streamController.enqueue(${JSON.stringify(value)
    .replace(/&/g, "\\u0026")
    .replace(/>/g, "\\u003e")
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")});`;

const CSS =
  ":root{--brand:#0a7;--unused:1px}" +
  ".card{color:var(--brand)}.hidden-rule{margin:0}" +
  ".after\\:content-\\[\\'→\\'\\]::after{content:'→'}" +
  ".名前{padding:1px}" +
  "code{font-family:monospace}";

/** A page as React renders it whole, with text outside ASCII in its classes, CSS, text and loader data. */
function page(css = CSS): string {
  return (
    `<!DOCTYPE html><html lang="zh-CN"><head><meta charSet="utf-8"/><title>漫游 eSIM · 日本</title>` +
    `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>` +
    `<link rel="modulepreload" href="/assets/root-B.js?v=1&amp;x=2" nonce="${NONCE}"/>` +
    `<style nonce="${NONCE}" data-inline-css="/assets/app-C.css">${css}</style></head>` +
    `<body><main class="card after:content-[&#x27;→&#x27;]"><h1>日本 · 7 天 — 5 GB</h1>` +
    `<p class="名前">“说明” ☂︎</p></main>` +
    `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>` +
    `<script nonce="${NONCE}" type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\n` +
    `  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n` +
    `  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-A.js");</script>` +
    `<script nonce="${NONCE}">${enqueue('[{"title":"日本 \u2028 <b>&\'"}]')}</script>` +
    `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`
  );
}

/** The rewrites one after the other on the decoded text, as the server made them before ADR 0295. */
function stepByStep(html: string, defer: boolean): string {
  let text = defer ? deferScripts(html) : html;
  const end = text.indexOf("</head>");
  text =
    text
      .slice(0, end)
      .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') +
    text.slice(end);
  return compactRouterScripts(prunePageCss(text));
}

describe("a page rendered whole, finished in one pass over its bytes (ADR 0295)", () => {
  it("is byte for byte what the rewrites give one after the other on the decoded text", () => {
    const html = page();
    for (const defer of [true, false]) {
      const finished = finishWholeDocument(Buffer.from(html), { deferFirstLoad: defer });
      expect(finished.toString("utf8")).toBe(stepByStep(html, defer));
    }
  });

  it("keeps the rules for class names outside ASCII and every character of the text", () => {
    const finished = finishWholeDocument(Buffer.from(page()), { deferFirstLoad: true }).toString("utf8");
    const css = /<style[^>]*data-page-css>([\s\S]*?)<\/style>/.exec(finished)?.[1] ?? "";
    expect(css).toContain(".after\\:content-\\[\\'→\\'\\]::after{content:'→'}");
    expect(css).toContain(".名前{padding:1px}");
    expect(css).toContain(".card{color:var(--brand)}");
    expect(css).not.toContain("hidden-rule");
    expect(css).not.toContain("--unused");
    expect(finished).toContain("<title>漫游 eSIM · 日本</title>");
    expect(finished).toContain('<h1>日本 · 7 天 — 5 GB</h1><p class="名前">“说明” ☂︎</p>');
    // The deferred boot module lists the preloads with their entities decoded.
    expect(finished).toContain('"/assets/root-B.js?v=1&x=2"');
    expect(finished).not.toContain('<link rel="modulepreload"');
  });

  it("sends the loader data the browser reads, single-quoted", () => {
    const finished = finishWholeDocument(Buffer.from(page()), { deferFirstLoad: true }).toString("utf8");
    const literal = /streamController\.enqueue\(('[^\n]*')\);/.exec(finished)?.[1] ?? "";
    expect(literal.startsWith("'")).toBe(true);
    expect(literal).not.toMatch(/[<>&\u2028]/);
    expect(new Function(`return ${literal}`)()).toBe('[{"title":"日本 \u2028 <b>&\'"}]');
  });

  it("fills an empty inlined stylesheet with the built file's rules the page uses (ADR 0302)", () => {
    const read: string[] = [];
    const stylesheet = (href: string) => {
      read.push(href);
      return href === "/assets/app-C.css" ? CSS : null;
    };
    const withLater = finishWholeDocument(Buffer.from(page("")), { deferFirstLoad: true, stylesheet });
    const withText = finishWholeDocument(Buffer.from(page()), { deferFirstLoad: true, stylesheet });
    expect(read).toEqual(["/assets/app-C.css"]);
    expect(withLater.toString("utf8")).toBe(withText.toString("utf8"));
    expect(withLater.toString("utf8")).toContain(".名前{padding:1px}");
    // Without a reader an empty stylesheet stays empty: nothing is made up.
    const alone = finishWholeDocument(Buffer.from(page("")), { deferFirstLoad: true }).toString("utf8");
    expect(alone).toMatch(/<style[^>]*data-page-css><\/style>/);
  });

  it("leaves a page with nothing to rewrite as the same bytes", () => {
    const bytes = Buffer.from("<!DOCTYPE html><html><head></head><body>ok</body></html>");
    expect(finishWholeDocument(bytes, { deferFirstLoad: true })).toBe(bytes);
  });
});

describe("document edits", () => {
  it("read offsets in bytes from a bytes document, and in characters from a string", () => {
    const html = "<p>日本</p><b>x</b>";
    const bytes = Buffer.from(html);
    const fromBytes = bytesDocument(bytes);
    const at = fromBytes.text.indexOf("<b>");
    expect(at).toBe(Buffer.byteLength("<p>日本</p>"));
    expect(fromBytes.slice(0, at)).toBe("<p>日本</p>");
    const edited = editBytes(bytes, [{ start: at, end: at + 3, text: '<b class="名">' }]);
    expect(edited.toString("utf8")).toBe('<p>日本</p><b class="名">x</b>');
    const fromString = stringDocument(html);
    const charAt = fromString.text.indexOf("<b>");
    expect(editString(html, [{ start: charAt, end: charAt + 3, text: "<i>" }])).toBe("<p>日本</p><i>x</b>");
  });

  it("refuse edits that overlap", () => {
    expect(() =>
      editString("abcdef", [
        { start: 1, end: 4, text: "x" },
        { start: 3, end: 5, text: "y" },
      ]),
    ).toThrow(/overlap/);
  });
});
