import { transform } from "lightningcss";
import { bytesDocument } from "../app/render/document-edits.server.ts";
import { pageCssEdits } from "../app/render/page-css.server.ts";

/*
 * The golden render (issue 33 item 4, docs/testing/golden-render.md): a page as the server sent it, reduced to what
 * a framework upgrade changes and what a reader can review in a diff. Three sections:
 * - the HTML's structure, one element or text a line, indented by depth, with what differs per request or per
 *   build (nonces, hashes, build and request ids, dates, times, prices) normalised;
 * - the scripts: each external one by its path, each inline one by its kind and size class;
 * - the page CSS the production finish would inline (app/render/page-css.server.ts over the minified stylesheet):
 *   its size and its selectors.
 */

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

const TOKEN =
  /<!--[\s\S]*?-->|<![^>]*>|<(script|style|template)\b([^>]*)>([\s\S]*?)<\/\1>|<\/?[a-zA-Z][^>]*>|[^<]+/g;
const ATTRIBUTE = /([^\s=/>]+)(?:="([^"]*)"|='([^']*)'|=([^\s>]+))?/g;

/** What differs per request or per build, in any text: the nonce first, then ids, hashes, dates, times. */
function normaliseText(text: string, nonce: string): string {
  let out = nonce ? text.split(nonce).join("NONCE") : text;
  out = out
    // Vite's development versions and timestamps on module URLs; built assets' content hashes.
    .replace(/([?&])(v|t)=[0-9a-f]+/g, "$1$2=V")
    .replace(/-[A-Za-z0-9_-]{8}\.(js|css|woff2?|svg|png|webp|avif|jpg)\b/g, "-HASH.$1")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "UUID")
    .replace(/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?/g, "DATE")
    .replace(/\b\d{4}\/\d{1,2}\/\d{1,2}\b/g, "DATE")
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?\b/g, "TIME")
    .replace(/\b1\d{12}\b/g, "EPOCH_MS");
  return out;
}

/** Prices are data (the seed's, converted per currency): their figures go, their currency and shape stay. */
function normalisePrices(text: string): string {
  return text.replace(/\d[\d,]*\.\d{2}\b/g, "#.##");
}

const OPAQUE_ATTRIBUTES = new Set(["class", "d", "viewBox", "points", "transform", "style"]);

function attributesOf(source: string, nonce: string): string {
  const parts: string[] = [];
  for (const match of source.matchAll(ATTRIBUTE)) {
    const [, name, double, single, bare] = match;
    if (!name) continue;
    const value = double ?? single ?? bare;
    if (value === undefined) {
      parts.push(name);
      continue;
    }
    let normalised = normaliseText(value, nonce);
    if (!OPAQUE_ATTRIBUTES.has(name)) normalised = normalisePrices(normalised);
    // React's useId values and the captcha's keys differ with render order, not with the page.
    if (/^(id|for|aria-labelledby|aria-describedby|aria-controls)$/.test(name)) {
      normalised = normalised.replace(/«[^»]*»|_R_[A-Za-z0-9_]+_|:r[0-9a-z]+:/g, "ID");
    }
    parts.push(`${name}="${normalised}"`);
  }
  return parts.length > 0 ? ` ${parts.join(" ")}` : "";
}

/**
 * One inline script's kind, read from how it starts: a module boot with the modules it imports (no size, see
 * below), React Router's context, loader data (its bytes are data, so no size) and stream end, or the first words
 * of any other, with its size to the kilobyte.
 */
function inlineScriptKind(body: string, nonce: string): string {
  const text = body.trim();
  const size = `(~${Math.round(Buffer.byteLength(text) / 1024)} kB)`;
  if (/streamController\.enqueue/.test(text)) return "react-router loader data";
  if (/streamController\.close/.test(text)) return "react-router stream end";
  if (/^window\.__reactRouterContext\s*=/.test(text)) return `react-router context ${size}`;
  if (/^\{"@context"/.test(text)) return "json-ld";
  const imports = [...text.matchAll(/\bimport\b[^"']*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/g)].map(
    (match) => normaliseText(match[1] ?? match[2] ?? "", nonce),
  );
  // No size for the module boot: it carries React Router's manifest, whose version is a random number of varying
  // length and whose routes are those discovered so far, so its size sat on the 1.5 kB rounding edge and flaked.
  if (imports.length > 0) return `module boot, imports ${imports.join(", ")}`;
  return `other ${size}: ${text.replace(/\s+/g, " ").slice(0, 48)}`;
}

export interface GoldenPage {
  status: number;
  html: string;
  nonce: string;
}

/** The page's structure, scripts and CSS as the golden file holds them. */
export function goldenOf(page: GoldenPage, stylesheet: (href: string) => string | null): string {
  const { html, nonce } = page;
  const structure: string[] = [];
  const scripts: string[] = [];
  let depth = 0;
  const line = (text: string) => structure.push(`${"  ".repeat(depth)}${text}`);
  for (const match of html.matchAll(TOKEN)) {
    const [token, raw, rawAttributes, body] = match;
    if (token.startsWith("<!--")) {
      // React's markers for text boundaries and Suspense ($, /$, $?, $!) are structure; other comments are not.
      const inner = token.slice(4, -3);
      if (/^(\$|\/\$|\$\?|\$!|&|\/&)$/.test(inner) || inner === "") line(`<!--${inner}-->`);
      continue;
    }
    if (token.startsWith("<!")) {
      line(token);
      continue;
    }
    if (raw) {
      const name = raw.toLowerCase();
      const attributes = attributesOf(rawAttributes ?? "", nonce);
      if (name === "script") {
        const src = /\bsrc="([^"]*)"/.exec(rawAttributes ?? "")?.[1];
        const type = /\btype="([^"]*)"/.exec(rawAttributes ?? "")?.[1];
        scripts.push(
          src
            ? `external ${normaliseText(src, nonce)}${type ? ` (${type})` : ""}`
            : `inline${type ? ` ${type}` : ""}: ${inlineScriptKind(body ?? "", nonce)}`,
        );
        line(`<script${attributes}>…</script>`);
      } else if (name === "style") {
        line(`<style${attributes}>… ${Buffer.byteLength(body ?? "")} bytes</style>`);
      } else {
        line(`<template${attributes}>`);
        depth += 1;
        if (body?.trim()) line(normalisePrices(normaliseText(body.trim(), nonce)));
        depth -= 1;
        line("</template>");
      }
      continue;
    }
    if (token.startsWith("</")) {
      depth = Math.max(0, depth - 1);
      line(token.toLowerCase());
      continue;
    }
    if (token.startsWith("<")) {
      const name = /^<([a-zA-Z][^\s/>]*)/.exec(token)?.[1] ?? "";
      const attributes = attributesOf(token.slice(name.length + 1).replace(/\/?>$/, ""), nonce);
      line(`<${name}${attributes}>`);
      if (!VOID.has(name.toLowerCase()) && !token.endsWith("/>")) depth += 1;
      continue;
    }
    const text = token.replace(/\s+/g, " ").trim();
    if (text) line(normalisePrices(normaliseText(text, nonce)));
  }

  return [
    `status ${page.status}`,
    "",
    "== scripts",
    ...scripts,
    "",
    "== page css",
    ...pageCssSummary(html, stylesheet),
    "",
    "== structure",
    ...structure,
    "",
  ].join("\n");
}

const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+\.css)"\/>/;

/**
 * The page CSS the production server would inline (ADR 0248, 0302): the development render links the stylesheet,
 * so its link becomes the empty inline `<style>` a page rendered whole carries, and the same finish
 * (`pageCssEdits`) cuts the minified stylesheet to what the page uses.
 */
function pageCssSummary(html: string, stylesheet: (href: string) => string | null): string[] {
  const link = STYLESHEET_LINK.exec(html);
  if (!link) return ["(no stylesheet)"];
  const href = link[1] ?? "";
  const document = html.replace(link[0], `<style data-inline-css="${href}"></style>`);
  const [edit] = pageCssEdits(bytesDocument(Buffer.from(document)), stylesheet);
  if (!edit) return ["(not cut)"];
  const css = edit.text
    .replace(/^<style[^>]*>/, "")
    .replace(/<\/style>$/, "")
    .replace(/\/\*[\s\S]*?\*\//g, "");
  return [`${href}: ${Buffer.byteLength(css)} bytes`, ...selectorsOf(css)];
}

/** The selectors of a minified stylesheet's rules, in order, with at-rules as their preludes. */
function selectorsOf(css: string): string[] {
  const selectors: string[] = [];
  let start = 0;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "{") {
      const prelude = css.slice(start, i).trim();
      selectors.push(`${"  ".repeat(depth)}${prelude}`);
      depth += 1;
      start = i + 1;
    } else if (c === "}") {
      depth = Math.max(0, depth - 1);
      start = i + 1;
    } else if (c === ";") start = i + 1;
  }
  return selectors;
}

/** The stylesheet minified as the production build minifies it (Lightning CSS), for `pageCssEdits`. */
export function minifiedStylesheet(css: string): string {
  return transform({ filename: "app.css", code: Buffer.from(css), minify: true }).code.toString();
}
