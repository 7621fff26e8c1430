import { formatToParts, IntlMessageFormat } from "intl-messageformat";
import { plainFormatters } from "./plain-numbers.ts";

type Params = Record<string, string | number>;

/** A message's ICU syntax tree, parsed on the server (ADR 0247): the browser build carries no parser. */
type MessageFormatElement = ReturnType<IntlMessageFormat["getAst"]>[number];
export type CompiledMessages = Record<string, MessageFormatElement[]>;

// An ICU argument with a type ({count, plural, ...}, {kind, select, ...}); plain {name} needs no parser.
const ICU_ARGUMENT = /\{\s*\w+\s*,/;
const PLACEHOLDER = /\{(\w+)\}/g;

// Parsed messages by text: a page formats the same few messages on every render.
const compiled = new Map<string, MessageFormatElement[]>();
// Syntax trees the server sent with a page's messages, by message text (see provideCompiled).
const precompiled = new Map<string, MessageFormatElement[]>();

/**
 * Takes the syntax trees of ICU messages that the server parsed (ADR 0247). The browser build resolves
 * @formatjs/icu-messageformat-parser to its no-parser build, so there a message with ICU arguments formats only
 * from its tree; the server parses text itself and never needs this.
 */
export function provideCompiled(trees: CompiledMessages | undefined) {
  if (!trees) return;
  for (const [template, tree] of Object.entries(trees)) precompiled.set(template, tree);
}

/**
 * A message's syntax tree: the one the server sent, else parsed here (the server; the browser has no parser). The
 * tree does not depend on the locale: plural and number formatting take it when the message is formatted.
 */
function compile(template: string): MessageFormatElement[] {
  let tree = precompiled.get(template) ?? compiled.get(template);
  if (!tree) {
    // ignoreTag: catalogue text is plain text, so "<" is a character, never markup.
    tree = new IntlMessageFormat(template, "en-US", undefined, { ignoreTag: true }).getAst();
    compiled.set(template, tree);
  }
  return tree;
}

/** The syntax trees of the messages with ICU arguments among `messages`, by text (server only: it parses). */
export function compileMessages(messages: Record<string, string | undefined>): CompiledMessages {
  const trees: CompiledMessages = {};
  for (const template of Object.values(messages)) {
    if (template && ICU_ARGUMENT.test(template)) trees[template] = compile(template);
  }
  return trees;
}

/** The names a message's top level and its branches ask for, so a missing one can be shown as "{name}". */
function argumentNames(tree: MessageFormatElement[]): Set<string> {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      // Every element with a string value but a literal (type 0) names an argument.
      if (element.type !== 0 && "value" in element && typeof element.value === "string")
        names.add(element.value);
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
      if ("children" in element) walk(element.children);
    }
  };
  walk(tree);
  return names;
}

/**
 * Fills a catalogue message. Plain {name} placeholders are replaced directly; a message with ICU arguments
 * (plural, select: "{count, plural, one {# plan} other {# plans}}") goes through intl-messageformat with the
 * locale's plural rules (ADR 0180). Unknown placeholders stay visible, so a missing parameter is noticed.
 *
 * The tree is formatted with the library's `formatToParts` and our formatters (ADR 0296): no `IntlMessageFormat` is
 * made, whose constructor resolves its locale through `Intl.NumberFormat.supportedLocalesOf` (a page's first `Intl`
 * call, 9–20 ms), and a small whole number's `#` and plural category need no `Intl` (`plain-numbers.ts`).
 */
export function format(template: string, params: Params = {}, locale = "en-US"): string {
  if (!ICU_ARGUMENT.test(template))
    return template.replace(PLACEHOLDER, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  const tree = compile(template);
  const values: Params = { ...params };
  for (const name of argumentNames(tree)) if (!Object.hasOwn(values, name)) values[name] = `{${name}}`;
  const parts = formatToParts(
    tree,
    locale.replace("_", "-"),
    plainFormatters,
    IntlMessageFormat.formats,
    values,
    undefined,
    template,
  );
  return parts.map((part) => String(part.value)).join("");
}

/** The argument names a message uses, plain or ICU (the catalogue test compares them across locales). */
export function messageArguments(template: string): string[] {
  if (!ICU_ARGUMENT.test(template))
    return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ""))];
  return [...argumentNames(compile(template))];
}
