import { keptAnswers } from "../../core/kept.ts";
import { singleQuotedBody } from "../../core/script-string.ts";
import { type DocumentText, type Edit, editString, stringDocument } from "./document-edits.server.ts";

/**
 * React Router's inline scripts, as its `<Scripts>` writes them, carry bytes the browser does not need (issue 15,
 * ADR 0290). A page sent whole is rewritten, with the same values for the browser to read:
 * - the route manifest is pretty-printed (`JSON.stringify(…, null, 2)`): written on one line, without the flags
 *   that are false and the empty stylesheet lists (ADR 0293): React Router's browser code reads a flag as true or
 *   not (`route.hasLoader ?`, `hasLoader !== true`) and a stylesheet list only when there is one (`route.css ?`),
 *   so an absent one reads as the false or empty one did (about 0.5 kB on home);
 * - each loader-data chunk is a turbo-stream JSON text inside a double-quoted JavaScript string, so every quote
 *   of the JSON is escaped (`\"`, 2.9 kB on home): written as a single-quoted string, which escapes only the few
 *   apostrophes, backslashes, line terminators, control characters and `<`, `>`, `&` (as React Router does, so the
 *   script cannot close early).
 * Both scripts run before hydration and React does not compare their text; anything that does not parse is left
 * as it is.
 * And its links' `data-discover="true"` (ADR 0293) lose the value: route discovery and our route preloads look
 * for the attribute (`a[data-discover]`), never at its value, and hydration leaves attributes as the server wrote
 * them (ADR 0292), so every internal link keeps being discovered; 7 bytes on each of home's 60 links.
 */
export function compactRouterScripts(html: string): string {
  const compacted = compactManifest(html);
  const doc = stringDocument(compacted);
  return editString(compacted, [...loaderDataEdits(doc), ...discoverEdits(doc)]);
}

/** React Router's `<Link>` attribute as React writes it. */
const DISCOVER = ' data-discover="true"';
const DISCOVER_VALUE = '="true"';

/** The edits that drop the value of every link's `data-discover="true"` (ADR 0293). */
export function discoverEdits(doc: DocumentText): Edit[] {
  const html = doc.text;
  const edits: Edit[] = [];
  for (let at = html.indexOf(DISCOVER); at !== -1; at = html.indexOf(DISCOVER, at + DISCOVER.length)) {
    const after = html.charCodeAt(at + DISCOVER.length);
    // Ending an attribute (whitespace) or the tag (`/` or `>`).
    if (after === 32 || (after >= 9 && after <= 13) || after === 47 || after === 62) {
      const value = at + DISCOVER.length - DISCOVER_VALUE.length;
      edits.push({ start: value, end: at + DISCOVER.length, text: "" });
    }
  }
  return edits;
}

const MANIFEST = "window.__reactRouterManifest = ";

/**
 * Manifests already written on one line, by their pretty-printed text: a route's manifest is the same on every
 * render, so each is parsed once (256 kept).
 */
const compactManifests = keptAnswers<string, string | null>(256);

/** `text` (a document or the boot module's text) with React Router's manifest on one line. */
export function compactManifest(text: string): string {
  const start = text.indexOf(MANIFEST);
  if (start === -1) return text;
  const from = start + MANIFEST.length;
  // The pretty-printed object ends with a closing brace at the start of a line.
  const end = text.indexOf("\n};", from);
  if (end === -1 || text.lastIndexOf("</script>", end) > from) return text;
  const pretty = text.slice(from, end + 2);
  const compact = compactManifests(pretty, () => {
    try {
      return JSON.stringify(JSON.parse(pretty), withoutDefaults);
    } catch {
      return null;
    }
  });
  return compact === null ? text : text.slice(0, from) + compact + text.slice(end + 2);
}

/** A manifest's false flags (`hasAction`, `hasClientLoader`, …) and empty `css` lists, which say nothing. */
function withoutDefaults(key: string, value: unknown): unknown {
  if (value === false && /^has[A-Z]/.test(key)) return undefined;
  if (key === "css" && Array.isArray(value) && value.length === 0) return undefined;
  return value;
}

const ENQUEUE = 'window.__reactRouterContext.streamController.enqueue("';

/** A single-quoted JavaScript string literal of `value`, safe inside a <script> element. */
export function singleQuoted(value: string): string {
  return `'${singleQuotedBody(value)}'`;
}

/** The index of the quote closing the JSON string literal that starts at `from`, or -1 (a `<` or a line break first). */
function closingQuote(html: string, from: number): number {
  let quote = html.indexOf('"', from);
  while (quote !== -1) {
    let backslashes = 0;
    while (html.charCodeAt(quote - 1 - backslashes) === 92 /* \\ */) backslashes++;
    if (backslashes % 2 === 0) break;
    quote = html.indexOf('"', quote + 1);
  }
  if (quote === -1) return -1;
  const stop = html.slice(from, quote);
  return stop.includes("<") || stop.includes("\n") ? -1 : quote;
}

/**
 * Each loader-data chunk's literal, single-quoted, by its double-quoted text: the same page's loader data comes
 * back render after render (bounded by count and by characters: cleared when full).
 */
const requoted = new Map<string, string | null>();
const MAX_REQUOTED = 128;
const MAX_REQUOTED_CHARS = 4_000_000;
let requotedChars = 0;

function requote(literal: string): string | null {
  let quoted = requoted.get(literal);
  if (quoted === undefined) {
    try {
      quoted = singleQuoted(JSON.parse(literal) as string);
    } catch {
      quoted = null; // left as React Router wrote it
    }
    if (requoted.size >= MAX_REQUOTED || requotedChars + literal.length > MAX_REQUOTED_CHARS) {
      requoted.clear();
      requotedChars = 0;
    }
    requoted.set(literal, quoted);
    requotedChars += literal.length + (quoted?.length ?? 0);
  }
  return quoted;
}

/** The edits that write each loader-data chunk as a single-quoted string literal. */
export function loaderDataEdits(doc: DocumentText): Edit[] {
  const html = doc.text;
  const edits: Edit[] = [];
  let at = html.indexOf(ENQUEUE);
  while (at !== -1) {
    const open = at + ENQUEUE.length - 1;
    const close = closingQuote(html, open + 1);
    if (close === -1) break;
    const quoted = requote(doc.slice(open, close + 1));
    if (quoted !== null) edits.push({ start: open, end: close + 1, text: quoted });
    at = html.indexOf(ENQUEUE, close + 1);
  }
  return edits;
}

export function singleQuotedStreams(html: string): string {
  return editString(html, loaderDataEdits(stringDocument(html)));
}
