import { gzipSync } from "node:zlib";

export interface Chunk {
  path: string;
  rawBytes: number;
  gzipBytes: number;
}

/** Where the HTML's bytes go (issue 15's page weight), uncompressed. */
export interface HtmlParts {
  inlineCss: number;
  inlineScripts: number;
  /** The streamed loader data (React Router's streamController.enqueue scripts), part of inlineScripts. */
  loaderData: number;
  /** Everything but <style> and <script> elements. */
  markup: number;
  /** class="…" attributes, part of markup. */
  classAttributes: number;
}

export interface FirstLoad {
  url: string;
  htmlBytes: number;
  html: HtmlParts;
  htmlGzipBytes: number;
  jsGzipBytes: number;
  jsRawBytes: number;
  cssGzipBytes: number;
  chunks: Chunk[];
}

const MODULEPRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const HREF = /\bhref="([^"]+)"/;
const SRC = /\bsrc="([^"]+)"/;
/** Static `import … from "x"`, `import "x"` and `export … from "x"`; dynamic import("x") is not first load. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["']([^"']+\.m?js)["']/g;
/** `import("x")` in the page's inline boot module: it runs once the page has painted (ADR 0291), so it is first load. */
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+\.m?js)["']\s*\)/g;

const bytesOf = (text: string) => Buffer.byteLength(text);
const total = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].reduce((sum, [match]) => sum + bytesOf(match), 0);

export function htmlParts(html: string): HtmlParts {
  const markup = html.replace(/<style\b[\s\S]*?<\/style>/g, "").replace(/<script\b[\s\S]*?<\/script>/g, "");
  return {
    inlineCss: total(html, /<style\b[\s\S]*?<\/style>/g),
    inlineScripts: total(html, /<script\b(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g),
    loaderData: total(html, /<script\b[^>]*>[^<]*streamController\.enqueue[\s\S]*?<\/script>/g),
    markup: bytesOf(markup),
    classAttributes: total(markup, /\sclass="[^"]*"/g),
  };
}

function gzipSize(bytes: Uint8Array) {
  return gzipSync(bytes, { level: 9 }).length;
}

/**
 * The JavaScript a first visit to `pageUrl` downloads before the page is interactive: every modulepreload link,
 * every module script (src or the imports of an inline one, static or `import("x")`: the boot module imports the
 * routes once the page has painted, ADR 0291), and their static imports, each counted once and gzipped at level 9
 * (what the build's .gz twins hold). Lazy chunks (a chunk's dynamic imports) are not counted.
 */
export async function measureFirstLoad(pageUrl: string, headers: Record<string, string>): Promise<FirstLoad> {
  const response = await fetch(pageUrl, { headers: { ...headers, "accept-encoding": "identity" } });
  const html = await response.text();
  const base = new URL(pageUrl);
  const pending: string[] = [];
  const add = (specifier: string | undefined, from: URL) => {
    if (!specifier) return;
    const url = new URL(specifier, from);
    if (url.origin === base.origin) pending.push(url.href);
  };
  for (const [tag] of html.matchAll(MODULEPRELOAD)) add(HREF.exec(tag)?.[1], base);
  for (const [, attributes = "", body = ""] of html.matchAll(SCRIPT)) {
    if (!/\btype="module"/.test(attributes)) continue;
    const src = SRC.exec(attributes)?.[1];
    if (src) add(src, base);
    else
      for (const match of [...body.matchAll(STATIC_IMPORT), ...body.matchAll(DYNAMIC_IMPORT)])
        add(match[1], base);
  }

  const chunks = new Map<string, Chunk>();
  while (pending.length) {
    const href = pending.shift()!;
    if (chunks.has(href)) continue;
    const asset = await fetch(href, { headers: { "accept-encoding": "identity" } });
    const bytes = new Uint8Array(await asset.arrayBuffer());
    chunks.set(href, { path: new URL(href).pathname, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) });
    const source = new TextDecoder().decode(bytes);
    for (const match of source.matchAll(STATIC_IMPORT)) add(match[1], new URL(href));
  }

  let cssGzipBytes = 0;
  for (const [tag] of html.matchAll(STYLESHEET)) {
    const href = HREF.exec(tag)?.[1];
    if (!href) continue;
    const css = await fetch(new URL(href, base), { headers: { "accept-encoding": "identity" } });
    cssGzipBytes += gzipSize(new Uint8Array(await css.arrayBuffer()));
  }

  const list = [...chunks.values()].sort((a, b) => b.gzipBytes - a.gzipBytes);
  const htmlBytes = new TextEncoder().encode(html);
  return {
    url: pageUrl,
    htmlBytes: htmlBytes.length,
    html: htmlParts(html),
    htmlGzipBytes: gzipSize(htmlBytes),
    jsGzipBytes: list.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    jsRawBytes: list.reduce((sum, chunk) => sum + chunk.rawBytes, 0),
    cssGzipBytes,
    chunks: list,
  };
}
