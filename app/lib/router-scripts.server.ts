import { singleQuotedBody } from "../../core/script-string.ts";

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
  return singleQuotedStreams(compactManifest(html)).replace(DISCOVER, " data-discover");
}

/** React Router's `<Link>` attribute as React writes it, ending an element's attribute or its tag. */
const DISCOVER = / data-discover="true"(?=[\s/>])/g;

const MANIFEST = "window.__reactRouterManifest = ";

export function compactManifest(html: string): string {
  const start = html.indexOf(MANIFEST);
  if (start === -1) return html;
  const from = start + MANIFEST.length;
  // The pretty-printed object ends with a closing brace at the start of a line.
  const end = html.indexOf("\n};", from);
  if (end === -1 || html.lastIndexOf("</script>", end) > from) return html;
  let manifest: unknown;
  try {
    manifest = JSON.parse(html.slice(from, end + 2));
  } catch {
    return html;
  }
  return html.slice(0, from) + JSON.stringify(manifest, withoutDefaults) + html.slice(end + 2);
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

/** The index of the quote closing the JSON string literal that starts after `from`, or -1. */
function closingQuote(html: string, from: number): number {
  for (let i = from; i < html.length; i++) {
    const char = html[i];
    if (char === "\\") i++;
    else if (char === '"') return i;
    else if (char === "<" || char === "\n") return -1;
  }
  return -1;
}

export function singleQuotedStreams(html: string): string {
  let out = "";
  let copied = 0;
  let at = html.indexOf(ENQUEUE);
  while (at !== -1) {
    const open = at + ENQUEUE.length - 1;
    const close = closingQuote(html, open + 1);
    if (close === -1) break;
    try {
      const value = JSON.parse(html.slice(open, close + 1)) as string;
      out += html.slice(copied, open) + singleQuoted(value);
      copied = close + 1;
    } catch {
      // left as React Router wrote it
    }
    at = html.indexOf(ENQUEUE, close + 1);
  }
  return copied === 0 ? html : out + html.slice(copied);
}
