/**
 * CSS only the page uses (issue 15, ADR 0248). The built stylesheet holds the rules of every page; the head of a
 * page the server renders whole carries only the rules whose class selectors the page's markup uses, plus every
 * rule that names no class (the base styles, theme variables, @property and @keyframes). The browser then loads
 * the whole stylesheet once the page has hydrated (app/lib/inline-css.tsx), for the pages it navigates to and
 * the states a click brings in.
 *
 * The stylesheet is Tailwind's minified output, read once and split into its rules by a small scanner that knows
 * strings, comments and nested blocks; nothing parses CSS per request.
 */

type Node =
  | { kind: "rule"; prelude: string; body: string; classes: string[] }
  | { kind: "group"; prelude: string; children: Node[] }
  | { kind: "verbatim"; text: string };

/** At-rules whose blocks hold rules, pruned one by one; any other at-rule (@keyframes, @property) is kept whole. */
const GROUPS = /^@(media|supports|layer|container|scope|starting-style)\b/;
const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F\s]|[\w-])+)/g;

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  );
}

/** The class names a selector list names (unescaped: `.md\:flex` is "md:flex"). */
export function selectorClasses(prelude: string): string[] {
  // Attribute values may hold dots ([href$=".pdf"]): leave them out before looking for classes.
  const withoutStrings = prelude.replace(/(?<!\\)(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g, '""');
  // A class inside :not() does not have to be on the page for the rule to match: it does not count.
  const withoutNot = withoutStrings.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "");
  return [...withoutNot.matchAll(CLASS)].map((match) => unescapeIdentifier(match[1] ?? ""));
}

/** The index of the matching closing brace for the block opened at `open` (strings and comments skipped). */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const char = css[i];
    if (char === "\\") {
      i++; // an escaped character (\{ in a class name) is part of a name
    } else if (char === '"' || char === "'") {
      i = skipString(css, i);
    } else if (char === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (char === "{") {
      depth++;
    } else if (char === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return css.length;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

export function parseCss(css: string): Node[] {
  const nodes: Node[] = [];
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const char = css[i];
    if (char === "\\") {
      i += 2;
    } else if (char === '"' || char === "'") {
      i = skipString(css, i) + 1;
    } else if (char === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      const stop = end === -1 ? css.length : end + 2;
      if (css.startsWith("/*!", i)) nodes.push({ kind: "verbatim", text: css.slice(i, stop) });
      i = stop;
      start = i;
    } else if (char === ";") {
      const text = css.slice(start, i + 1).trim();
      if (text !== ";") nodes.push({ kind: "verbatim", text });
      i++;
      start = i;
    } else if (char === "{") {
      const end = blockEnd(css, i);
      const prelude = css.slice(start, i).trim();
      const body = css.slice(i + 1, end);
      if (prelude.startsWith("@")) {
        if (GROUPS.test(prelude) && body.includes("{")) {
          nodes.push({ kind: "group", prelude, children: parseCss(body) });
        } else {
          nodes.push({ kind: "verbatim", text: `${prelude}{${body}}` });
        }
      } else {
        nodes.push({ kind: "rule", prelude, body, classes: selectorClasses(prelude) });
      }
      i = end + 1;
      start = i;
    } else {
      i++;
    }
  }
  return nodes;
}

const PROPERTY = /^@property\s+(--[\w-]+)/;

function select(nodes: Node[], used: ReadonlySet<string>, properties: string[] = []): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "verbatim") {
      // A registered custom property (@property --tw-shadow) matters only when a kept rule reads it.
      if (PROPERTY.test(node.text)) properties.push(node.text);
      else out += node.text;
    } else if (node.kind === "rule") {
      if (node.classes.length === 0 || node.classes.some((name) => used.has(name))) {
        out += `${node.prelude}{${node.body}}`;
      }
    } else {
      const inner = select(node.children, used, properties);
      // An empty @layer block still fixes the layers' order; an empty @media or @supports says nothing.
      if (inner || node.prelude.startsWith("@layer")) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

/**
 * Class attribute values already split into names: a page's markup repeats the same values render after render,
 * so each distinct value is decoded and split once (ADR 0281). Bounded: cleared when full.
 */
const attributeNames = new Map<string, readonly string[]>();
const MAX_ATTRIBUTES = 16_384;

function namesOf(value: string): readonly string[] {
  let names = attributeNames.get(value);
  if (names === undefined) {
    names = decode(value)
      .split(/\s+/)
      .filter((name) => name !== "");
    if (attributeNames.size >= MAX_ATTRIBUTES) attributeNames.clear();
    attributeNames.set(value, names);
  }
  return names;
}

const CLASS_ATTRIBUTE = 'class="';
const WHITESPACE = /\s/;

/** Adds the names of every `class="…"` attribute (after whitespace) in html[from, to) to `into`. */
function addClasses(html: string, from: number, to: number, into: Set<string>) {
  let at = html.indexOf(CLASS_ATTRIBUTE, from + 1);
  while (at !== -1 && at < to) {
    const start = at + CLASS_ATTRIBUTE.length;
    const end = html.indexOf('"', start);
    if (end === -1 || end >= to) return;
    if (at > from && WHITESPACE.test(html[at - 1]!)) {
      for (const name of namesOf(html.slice(start, end))) into.add(name);
      at = html.indexOf(CLASS_ATTRIBUTE, end + 1);
    } else {
      at = html.indexOf(CLASS_ATTRIBUTE, at + 1);
    }
  }
}

/** Every class name in the document's class attributes (HTML-escaped as React writes them). */
export function documentClasses(html: string): Set<string> {
  const names = new Set<string>();
  addClasses(html, 0, html.length, names);
  return names;
}

const parsed = new Map<string, { nodes: Node[]; byClasses: Map<string, string> }>();
/** Pages of one kind use one set of classes: their CSS is selected once (a bounded number of sets is kept). */
const MAX_SETS = 256;

/** The rules of `css` that a document using `classes` needs (the stylesheet is split once per text). */
export function pageCss(css: string, classes: ReadonlySet<string>): string {
  let sheet = parsed.get(css);
  if (!sheet) {
    sheet = { nodes: parseCss(css), byClasses: new Map() };
    parsed.set(css, sheet);
  }
  const key = [...classes].sort().join(" ");
  let text = sheet.byClasses.get(key);
  if (text === undefined) {
    const properties: string[] = [];
    text = select(sheet.nodes, classes, properties);
    text += properties.filter((rule) => text!.includes(`var(${PROPERTY.exec(rule)?.[1]}`)).join("");
    if (sheet.byClasses.size >= MAX_SETS) sheet.byClasses.delete(sheet.byClasses.keys().next().value!);
    sheet.byClasses.set(key, text);
  }
  return text;
}

const INLINE_STYLE = /<style\b([^>]*\bdata-inline-css="[^"]*"[^>]*)>([\s\S]*?)<\/style>/;

/**
 * The document with its inlined stylesheet cut down to the rules its markup uses, marked data-page-css so the
 * browser loads the whole stylesheet after hydration. A document without an inlined stylesheet is returned as it is.
 */
export function prunePageCss(html: string): string {
  const match = INLINE_STYLE.exec(html);
  if (!match) return html;
  const [whole, attributes = "", css = ""] = match;
  // The markup's classes, before and after the stylesheet (the page's text is not copied to leave it out).
  const classes = new Set<string>();
  addClasses(html, 0, match.index, classes);
  addClasses(html, match.index + whole.length, html.length, classes);
  const pruned = pageCss(css, classes);
  return (
    html.slice(0, match.index) +
    `<style${attributes} data-page-css>${pruned}</style>` +
    html.slice(match.index + whole.length)
  );
}
