/**
 * CSS only the page uses (issue 15, ADR 0248, 0290). The built stylesheet holds the rules of every page; the head
 * of a page the server renders whole carries only the rules whose class selectors the page's markup uses, the
 * rules that name no class but an element the page has (the base styles: `code`, `table` or an input's
 * `::placeholder` go when the page has none), the theme variables and Tailwind's initial values that a kept rule
 * or the markup reads (`var(--…)`), and the @property and @keyframes rules a kept rule names. The browser then
 * loads the whole stylesheet once the page has hydrated (app/lib/inline-css.tsx), for the pages it navigates to
 * and the states a click brings in.
 *
 * The stylesheet is Tailwind's minified output, read once and split into its rules by a small scanner that knows
 * strings, comments and nested blocks; nothing parses CSS per request.
 */

import { keptAnswers } from "../../core/kept.ts";
import { type DocumentText, type Edit, editString, stringDocument, textOf } from "./document-edits.server.ts";

type Node =
  | {
      kind: "rule";
      prelude: string;
      body: string;
      classes: string[];
      /** For a rule naming no class: the element names each of its selectors needs (null: one needs none). */
      elements: string[][] | null;
      /** Its custom property declarations, when the body holds nothing else (theme variables, initial values). */
      variables: [name: string, declaration: string][] | null;
    }
  | { kind: "group"; prelude: string; children: Node[] }
  | { kind: "verbatim"; text: string };

/** At-rules whose blocks hold rules, pruned one by one; any other at-rule (@keyframes, @property) is kept whole. */
const GROUPS = /^@(media|supports|layer|container|scope|starting-style)\b/;
// CSS identifiers take any character from U+0080 up as it is (`.名前`).
const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F\s]|[\w\u0080-\uffff-])+)/g;

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

/** Pseudo-elements only some elements have: a rule for them alone matters when one of those is on the page. */
const PSEUDO_ELEMENT_HOSTS: [RegExp, string[]][] = [
  [/::placeholder/, ["input", "textarea"]],
  [/::file-selector-button|::-webkit-(?:date|datetime|calendar|inner-spin|outer-spin|search)/, ["input"]],
];
/** Elements every document has. */
const ALWAYS = new Set(["html", "head", "body"]);

/** Splits a selector list at its top-level commas. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(text, i);
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * For a selector list naming no class: the element names each selector needs on the page to match anything, or
 * null when one of them needs none (`*`, `:root`, `[hidden]`), which keeps the rule whatever the page holds.
 */
export function selectorElements(prelude: string): string[][] | null {
  const needs: string[][] = [];
  for (const selector of splitTopLevel(prelude, ",")) {
    // Leave out strings, attribute selectors and :not(): names there do not have to be on the page.
    const bare = selector
      .replace(/(?<!\\)(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g, '""')
      .replace(/\[[^\]]*\]/g, "")
      .replace(/:not\((?:[^()]|\([^()]*\))*\)/g, "");
    const names = [...bare.matchAll(/(?:^|[\s>+~(,])([a-zA-Z][\w-]*)/g)]
      .map((match) => (match[1] ?? "").toLowerCase())
      .filter((name) => !ALWAYS.has(name));
    for (const [pattern, hosts] of PSEUDO_ELEMENT_HOSTS) {
      if (names.length === 0 && pattern.test(bare)) names.push(hosts.join("|"));
    }
    if (names.length === 0) return null;
    needs.push(names);
  }
  return needs;
}

/** A body's custom property declarations, when it holds nothing else; null otherwise. */
function customProperties(body: string): [string, string][] | null {
  const declarations = splitTopLevel(body, ";").filter((declaration) => declaration.trim() !== "");
  if (declarations.length === 0) return null;
  const variables: [string, string][] = [];
  for (const declaration of declarations) {
    const name = /^\s*(--[\w-]+)\s*:/.exec(declaration)?.[1];
    if (!name) return null;
    variables.push([name, declaration]);
  }
  return variables;
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
        const classes = selectorClasses(prelude);
        nodes.push({
          kind: "rule",
          prelude,
          body,
          classes,
          elements: classes.length === 0 ? selectorElements(prelude) : null,
          variables: customProperties(body),
        });
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
const KEYFRAMES = /^@(?:-webkit-)?keyframes\s+([\w-]+)/;
const READ = /var\(\s*(--[\w-]+)/g;

/** What a page uses: the classes and element names in its markup, the custom properties its inline styles read. */
export interface PageUse {
  classes: ReadonlySet<string>;
  /** Element names (lower case); absent: every rule naming no class is kept. */
  elements?: ReadonlySet<string>;
  /** Custom properties the markup reads (style="top:var(--top-bar)"). */
  reads?: ReadonlySet<string>;
  /** Custom properties the markup sets (style="--image-loading:…"). */
  sets?: ReadonlySet<string>;
}

type Kept =
  | { kind: "text"; text: string }
  | { kind: "variables"; prelude: string; variables: [string, string][] }
  | { kind: "group"; prelude: string; children: Kept[] }
  | { kind: "property"; name: string; text: string }
  | { kind: "keyframes"; name: string; text: string };

function matchesElements(needs: string[][] | null, elements: ReadonlySet<string> | undefined): boolean {
  if (!needs || !elements) return true;
  return needs.some((names) => names.every((name) => name.split("|").some((one) => elements.has(one))));
}

/** The rules the page's classes and elements keep, as a tree (custom properties are decided afterwards). */
function select(nodes: Node[], use: PageUse): Kept[] {
  const kept: Kept[] = [];
  for (const node of nodes) {
    if (node.kind === "verbatim") {
      const property = PROPERTY.exec(node.text)?.[1];
      const keyframes = KEYFRAMES.exec(node.text)?.[1];
      if (property) kept.push({ kind: "property", name: property, text: node.text });
      else if (keyframes) kept.push({ kind: "keyframes", name: keyframes, text: node.text });
      else kept.push({ kind: "text", text: node.text });
    } else if (node.kind === "rule") {
      const wanted =
        node.classes.length === 0
          ? matchesElements(node.elements, use.elements)
          : node.classes.some((name) => use.classes.has(name));
      if (!wanted) continue;
      if (node.variables) kept.push({ kind: "variables", prelude: node.prelude, variables: node.variables });
      else kept.push({ kind: "text", text: `${node.prelude}{${node.body}}` });
    } else {
      kept.push({ kind: "group", prelude: node.prelude, children: select(node.children, use) });
    }
  }
  return kept;
}

/** Every custom property the kept text reads, following theme variables that read others (--default-font-family). */
function readProperties(kept: Kept[], markup: ReadonlySet<string> | undefined): Set<string> {
  const reads = new Set(markup);
  const declared = new Map<string, string[]>();
  const walk = (list: Kept[]) => {
    for (const item of list) {
      if (item.kind === "group") walk(item.children);
      else if (item.kind === "variables") {
        for (const [name, declaration] of item.variables) {
          const inner = [...declaration.matchAll(READ)].map((match) => match[1]!);
          declared.set(name, [...(declared.get(name) ?? []), ...inner]);
        }
      } else if (item.kind !== "property") {
        for (const match of item.text.matchAll(READ)) reads.add(match[1]!);
      }
    }
  };
  walk(kept);
  const pending = [...reads];
  while (pending.length) {
    for (const inner of declared.get(pending.pop()!) ?? []) {
      if (!reads.has(inner)) {
        reads.add(inner);
        pending.push(inner);
      }
    }
  }
  return reads;
}

/** Where a custom property is set: a declaration `--x:` of a kept rule (not an initial value) or of the markup. */
const SET = /(?:^|[{;])\s*(--[\w-]+)\s*:/g;
const PROPERTIES_LAYER = /^@layer\s+properties\b/;

function setProperties(kept: Kept[], markup: ReadonlySet<string> | undefined): Set<string> {
  const sets = new Set(markup);
  const walk = (list: Kept[], initialValues: boolean) => {
    for (const item of list) {
      if (item.kind === "group") walk(item.children, initialValues || PROPERTIES_LAYER.test(item.prelude));
      else if (item.kind === "text") for (const match of item.text.matchAll(SET)) sets.add(match[1]!);
      else if (item.kind === "variables" && !initialValues)
        for (const [name] of item.variables) sets.add(name);
    }
  };
  walk(kept, false);
  return sets;
}

interface Decided {
  reads: ReadonlySet<string>;
  sets: ReadonlySet<string>;
  keyframes: ReadonlySet<string>;
}

/**
 * Whether a registered property or an initial value can change what the page computes: only when a kept rule
 * reads it, and, when it stands for "no value" (an @property without initial-value, `--x:initial`), only when
 * something sets it (its not inheriting then matters); otherwise every element has no value either way.
 */
function needed(name: string, hasValue: boolean, decided: Decided): boolean {
  return decided.reads.has(name) && (hasValue || decided.sets.has(name));
}

function serialize(list: Kept[], decided: Decided, tail: string[], initialValues = false) {
  let out = "";
  for (const item of list) {
    if (item.kind === "text") out += item.text;
    else if (item.kind === "variables") {
      const declarations = item.variables
        .filter(([name, text]) =>
          initialValues ? needed(name, !/:\s*initial\s*$/.test(text), decided) : decided.reads.has(name),
        )
        .map(([, text]) => text);
      if (declarations.length) out += `${item.prelude}{${declarations.join(";")}}`;
    } else if (item.kind === "property") {
      // A registered custom property (@property --tw-shadow) matters only when a kept rule reads it; at the end.
      if (needed(item.name, /initial-value\s*:/.test(item.text), decided)) tail.push(item.text);
    } else if (item.kind === "keyframes") {
      if (decided.keyframes.has(item.name)) out += item.text;
    } else {
      const inner = serialize(
        item.children,
        decided,
        tail,
        initialValues || PROPERTIES_LAYER.test(item.prelude),
      );
      // An empty @layer block still fixes the layers' order; an empty @media or @supports says nothing.
      if (inner || item.prelude.startsWith("@layer")) out += `${item.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The names of the @keyframes the kept rules (and the theme variables they read) animate with. */
function usedKeyframes(kept: Kept[], reads: ReadonlySet<string>): Set<string> {
  const names = new Set<string>();
  const text: string[] = [];
  const walk = (list: Kept[]) => {
    for (const item of list) {
      if (item.kind === "group") walk(item.children);
      else if (item.kind === "text") text.push(item.text);
      else if (item.kind === "variables") {
        for (const [name, declaration] of item.variables) if (reads.has(name)) text.push(declaration);
      } else if (item.kind === "keyframes") names.add(item.name);
    }
  };
  walk(kept);
  const all = text.join("");
  return new Set([...names].filter((name) => new RegExp(`(?:^|[^\\w-])${name}(?:[^\\w-]|$)`).test(all)));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
const decode = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => ENTITIES[name]!);

/**
 * Class attribute values already split into names: a page's markup repeats the same values render after render,
 * so each distinct value is decoded and split once (ADR 0281; 16,384 kept). A repeated value gets the same array,
 * which `addClasses` relies on.
 */
const attributeNames = keptAnswers<string, readonly string[]>(16_384);

function namesOf(value: string): readonly string[] {
  return attributeNames(value, () =>
    decode(value)
      .split(/\s+/)
      .filter((name) => name !== ""),
  );
}

const CLASS_ATTRIBUTE = 'class="';

/** Adds the names of every `class="…"` attribute (after whitespace) in the document's [from, to) to `into`. */
function addClasses(doc: DocumentText, from: number, to: number, into: Set<string>) {
  const html = doc.text;
  // An attribute value seen before in this document (a card's, a tile's) has nothing new to add.
  const added = new Set<readonly string[]>();
  let at = html.indexOf(CLASS_ATTRIBUTE, from + 1);
  while (at !== -1 && at < to) {
    const start = at + CLASS_ATTRIBUTE.length;
    const end = html.indexOf('"', start);
    if (end === -1 || end >= to) return;
    if (at > from && isSpace(html.charCodeAt(at - 1))) {
      const names = namesOf(textOf(doc, start, end));
      if (!added.has(names)) {
        added.add(names);
        for (const name of names) into.add(name);
      }
      at = html.indexOf(CLASS_ATTRIBUTE, end + 1);
    } else {
      at = html.indexOf(CLASS_ATTRIBUTE, at + 1);
    }
  }
}

/** ASCII whitespace: what React writes between attributes. */
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/** Every class name in the document's class attributes (HTML-escaped as React writes them). */
export function documentClasses(html: string): Set<string> {
  const names = new Set<string>();
  addClasses(stringDocument(html), 0, html.length, names);
  return names;
}

interface Sheet {
  nodes: Node[];
  /** The theme variables whose values `nodes` has written out (`inlineThemeValues`). */
  inlined: ReadonlySet<string>;
  /** The stylesheet as it is, for a page whose markup sets one of them (parsed when first needed). */
  plain?: Node[];
  byUse: Map<string, string>;
}
const parsed = new Map<string, Sheet>();
/** Pages of one kind use one set of classes: their CSS is selected once (a bounded number of sets is kept). */
const MAX_SETS = 256;

const SPACING = /[{;]--spacing:\s*(-?[\d.]+)(rem|px|em)\s*[;}]/;
const SPACING_CALC = /calc\(var\(--spacing\)\s*\*\s*(-?[\d.]+)\)/g;

/**
 * Tailwind writes every spacing utility as `calc(var(--spacing) * N)` against one theme variable (`.25rem`):
 * the inlined copy has the products written out (`1rem`), 1 kB less on home (ADR 0290). Nothing sets
 * `--spacing` anywhere else, so every element computes the same lengths as with the whole stylesheet.
 */
export function inlineSpacing(css: string): string {
  const spacing = SPACING.exec(css);
  if (!spacing) return css;
  const step = Number(spacing[1]);
  const unit = spacing[2]!;
  return css.replace(SPACING_CALC, (_, factor: string) => {
    const length = Number((step * Number(factor)).toFixed(6));
    return length === 0 ? "0" : `${String(length).replace(/^(-?)0\./, "$1.")}${unit}`;
  });
}

const THEME = /@layer\s+theme\s*\{\s*:root\s*,\s*:host\s*\{/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Theme variables written out where they are read (ADR 0293), as the spacing products are: `var(--text-sm)` becomes
 * `.875rem`, `var(--color-slate-700)` its colour, `var(--font-weight-bold)` `700`. A variable qualifies when the
 * theme (`@layer theme{:root,:host{…}}`) declares it, its value reads no other variable, and the stylesheet sets it
 * nowhere else: every element then computes the theme's value, so reading it from the variable or writing it out
 * is the same. The declarations no kept rule reads any more then leave the page (2.6 kB on home), and the whole
 * stylesheet, loaded after hydration, still declares them all. A page whose markup sets one of them (an inline
 * style) gets the stylesheet as it is (`pageCss`).
 */
export function inlineThemeValues(css: string): { css: string; inlined: Set<string> } {
  const inlined = new Set<string>();
  const theme = THEME.exec(css);
  if (!theme) return { css, inlined };
  const open = theme.index + theme[0].length - 1;
  const variables = customProperties(css.slice(open + 1, blockEnd(css, open))) ?? [];
  let out = css;
  for (const [name, declaration] of variables) {
    const value = declaration.slice(declaration.indexOf(":") + 1).trim();
    if (value === "" || /var\(|[{};!]/.test(value)) continue;
    const sets = css.match(new RegExp(`(?:^|[{;\\s])${escapeRegExp(name)}\\s*:`, "g"))?.length ?? 0;
    if (sets !== 1) continue;
    const read = new RegExp(`var\\(\\s*${escapeRegExp(name)}\\s*\\)`, "g");
    if (!read.test(out)) continue;
    out = out.replace(read, value);
    inlined.add(name);
  }
  return { css: out, inlined };
}

/** The index just past the `)` closing the parenthesis opened before `from` (strings skipped), or -1. */
function closingParen(css: string, from: number): number {
  let depth = 1;
  for (let i = from; i < css.length; i++) {
    const char = css[i];
    if (char === "\\") i++;
    else if (char === '"' || char === "'") i = skipString(css, i);
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i + 1;
  }
  return -1;
}

const VAR_WITH_FALLBACK = /^var\(\s*(--[\w-]+)\s*,/;

/**
 * `var(--x, fallback)` written as its fallback where no element can have a value for `--x` (ADR 0293): the page's
 * kept CSS and its markup never set it and no registration gives it an initial value, so every element computes
 * the fallback (`line-height:var(--tw-leading,1.5)` without any `leading-*` class on the page is `1.5`). An empty
 * fallback is left out only where the declaration keeps a value. The whole stylesheet, after hydration, comes
 * later in the cascade and reads the variables again for what a click brings in.
 */
export function resolveUnsetVariables(css: string, unset: (name: string) => boolean): string {
  let out = "";
  let declarationIn = 0;
  let declarationOut = 0;
  let emptied = false;
  let i = 0;
  const endDeclaration = (end: number) => {
    if (emptied && /:\s*(!important\s*)?$/.test(out)) {
      out = out.slice(0, declarationOut) + css.slice(declarationIn, end);
    }
    emptied = false;
  };
  while (i < css.length) {
    const char = css[i]!;
    if (char === '"' || char === "'") {
      const end = skipString(css, i) + 1;
      out += css.slice(i, end);
      i = end;
    } else if (char === "\\") {
      out += css.slice(i, i + 2);
      i += 2;
    } else if (char === ";" || char === "{" || char === "}") {
      endDeclaration(i);
      out += char;
      i++;
      declarationIn = i;
      declarationOut = out.length;
    } else if (char === "v" && css.startsWith("var(", i)) {
      const head = VAR_WITH_FALLBACK.exec(css.slice(i, i + 200));
      const end = head ? closingParen(css, i + 4) : -1;
      if (!head || end === -1 || !unset(head[1]!)) {
        out += "var(";
        i += 4;
        continue;
      }
      const fallback = resolveUnsetVariables(css.slice(i + head[0].length, end - 1), unset).trim();
      out += fallback;
      i = end;
      if (fallback === "") {
        emptied = true;
        // The space that separated it from the next value goes with it.
        while (css[i] === " " && /[\s:(,]$/.test(out)) i++;
      }
    } else {
      out += char;
      i++;
    }
  }
  endDeclaration(css.length);
  return out;
}

const DECLARED = /(?:^|[{;\s])(--[\w-]+)\s*:/g;
const REGISTERED_WITH_VALUE = /@property\s+(--[\w-]+)\s*\{[^}]*initial-value/g;

/** The page's CSS with the fallbacks of variables nothing on the page sets written out (`resolveUnsetVariables`). */
function withUnsetVariablesResolved(text: string, markupSets: ReadonlySet<string> | undefined): string {
  const valued = new Set(markupSets);
  for (const match of text.matchAll(DECLARED)) valued.add(match[1]!);
  for (const match of text.matchAll(REGISTERED_WITH_VALUE)) valued.add(match[1]!);
  return resolveUnsetVariables(text, (name) => !valued.has(name));
}

/**
 * A declaration written twice or more in a row, the same text each time, once (the build repeats
 * `-webkit-text-decoration:inherit` four times in preflight's `a` rule): the later ones change nothing.
 */
export function withoutRepeatedDeclarations(css: string): string {
  return css.replace(/([{;])([^;{}"']+;)\2+/g, "$1$2");
}

const sorted = (names: ReadonlySet<string> | undefined) => (names ? [...names].sort().join(" ") : "*");

/** The rules of `css` that a document using `use` needs (the stylesheet is split once per text). */
export function pageCss(css: string, use: PageUse | ReadonlySet<string>): string {
  const page: PageUse = use instanceof Set ? { classes: use } : (use as PageUse);
  let sheet = parsed.get(css);
  if (!sheet) {
    const themed = inlineThemeValues(withoutRepeatedDeclarations(inlineSpacing(css)));
    sheet = { nodes: parseCss(themed.css), inlined: themed.inlined, byUse: new Map() };
    parsed.set(css, sheet);
  }
  const key = `${sorted(page.classes)}|${sorted(page.elements)}|${sorted(page.reads)}|${sorted(page.sets)}`;
  let text = sheet.byUse.get(key);
  if (text === undefined) {
    // A theme variable the markup sets must be read where the rules read it: the stylesheet as it is, then.
    const setsTheme = [...(page.sets ?? [])].some((name) => sheet.inlined.has(name));
    if (setsTheme) sheet.plain ??= parseCss(withoutRepeatedDeclarations(inlineSpacing(css)));
    const kept = select(setsTheme && sheet.plain ? sheet.plain : sheet.nodes, page);
    const reads = readProperties(kept, page.reads);
    const decided = { reads, sets: setProperties(kept, page.sets), keyframes: usedKeyframes(kept, reads) };
    const tail: string[] = [];
    text = withUnsetVariablesResolved(serialize(kept, decided, tail) + tail.join(""), page.sets);
    if (sheet.byUse.size >= MAX_SETS) sheet.byUse.delete(sheet.byUse.keys().next().value!);
    sheet.byUse.set(key, text);
  }
  return text;
}

interface MarkupUse {
  elements: Set<string>;
  reads: Set<string>;
  sets: Set<string>;
}

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isNameChar = (code: number) =>
  isLetter(code) || (code >= 48 && code <= 57) || code === 45 || code === 95;

/** Element names (lower case) and the custom properties inline styles read and set, in html[from, to). */
function addMarkupUse(html: string, from: number, to: number, use: MarkupUse) {
  // `<name`: a scan by character codes, not a regular expression (a page has a few thousand elements).
  let at = html.indexOf("<", from);
  while (at !== -1 && at < to) {
    let end = at + 1;
    if (isLetter(html.charCodeAt(end))) {
      while (end < to && isNameChar(html.charCodeAt(end))) end++;
      use.elements.add(html.slice(at + 1, end).toLowerCase());
    }
    at = html.indexOf("<", end);
  }
  // `var(--name` reads a custom property, `"--name:` or `;--name:` sets one (spaces allowed around).
  at = html.indexOf("--", from);
  while (at !== -1 && at < to) {
    let end = at + 2;
    while (end < html.length && isNameChar(html.charCodeAt(end))) end++;
    if (end > at + 2) {
      let before = at - 1;
      while (before >= 0 && isSpace(html.charCodeAt(before))) before--;
      const name = html.slice(at, end);
      if (html.charCodeAt(before) === 40 /* ( */ && html.startsWith("var", before - 3)) use.reads.add(name);
      const quoteOrSemicolon = html.charCodeAt(before) === 34 || html.charCodeAt(before) === 59;
      if (quoteOrSemicolon) {
        let after = end;
        while (after < html.length && isSpace(html.charCodeAt(after))) after++;
        if (html.charCodeAt(after) === 58 /* : */) use.sets.add(name);
      }
    }
    at = html.indexOf("--", end);
  }
}

const INLINE_STYLE_OPEN = "<style";
const INLINE_CSS_ATTRIBUTE = /\bdata-inline-css="([^"]*)"/;
const STYLE_CLOSE = "</style>";

/**
 * The edit that cuts the document's inlined stylesheet down to the rules its markup uses, marked data-page-css
 * so the browser loads the whole stylesheet after hydration; none for a document without an inlined stylesheet.
 */
export function pageCssEdits(doc: DocumentText, stylesheet?: (href: string) => string | null): Edit[] {
  const html = doc.text;
  let open = html.indexOf(INLINE_STYLE_OPEN);
  let tagEnd = -1;
  while (open !== -1) {
    tagEnd = html.indexOf(">", open);
    if (tagEnd === -1) return [];
    const next = html.charCodeAt(open + INLINE_STYLE_OPEN.length);
    if ((isSpace(next) || next === 62) && INLINE_CSS_ATTRIBUTE.test(html.slice(open, tagEnd))) break;
    open = html.indexOf(INLINE_STYLE_OPEN, tagEnd);
  }
  if (open === -1) return [];
  const close = html.indexOf(STYLE_CLOSE, tagEnd);
  if (close === -1) return [];
  const end = close + STYLE_CLOSE.length;
  // The markup's classes, before and after the stylesheet (the page's text is not copied to leave it out).
  const classes = new Set<string>();
  addClasses(doc, 0, open, classes);
  addClasses(doc, end, html.length, classes);
  // Its elements and the custom properties its inline styles (or scripts' text) read and set: a few more names
  // never hurt.
  const use: MarkupUse = { elements: new Set(), reads: new Set(), sets: new Set() };
  addMarkupUse(html, 0, open, use);
  addMarkupUse(html, end, html.length, use);
  // A page rendered whole leaves its stylesheet out (ADR 0302): it is the built file, read from `stylesheet`.
  const href =
    stylesheet && close === tagEnd + 1 ? INLINE_CSS_ATTRIBUTE.exec(html.slice(open, tagEnd))?.[1] : undefined;
  const css = href === undefined ? doc.slice(tagEnd + 1, close) : (stylesheet?.(href) ?? "");
  const pruned = pageCss(css, { classes, ...use });
  const attributes = doc.slice(open + INLINE_STYLE_OPEN.length, tagEnd);
  return [{ start: open, end, text: `<style${attributes} data-page-css>${pruned}</style>` }];
}

/**
 * The document with its inlined stylesheet cut down to the rules its markup uses (`pageCssEdits`). A document
 * without an inlined stylesheet is returned as it is.
 */
export function prunePageCss(html: string): string {
  return editString(html, pageCssEdits(stringDocument(html)));
}
