const ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "'": "\\'",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
};

/**
 * The body of a single-quoted JavaScript string literal holding `value`, safe inside an inline <script>: it escapes
 * backslashes, apostrophes, line terminators and control characters, and `<`, `>`, `&` (as React Router's
 * escapeHtml does, so nothing can close the script or open a comment). Quotation marks stay as they are, which is
 * the point for JSON text (ADR 0290). The HTML cache's signed-in template escapes a shopper's values with it too.
 */
export function singleQuotedBody(value: string): string {
  return value.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
    /[\\'\u2028\u2029<>&\u0000-\u001f]/g,
    (char) => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * A function's source for an inline script (`fn.toString()`), without its indentation and the line breaks after
 * `{`, `;` and `,` and before `}` (ADR 0293). None of these can join two words or change where a statement ends,
 * and a line break outside a string is all that is removed, since a quoted string holds none. A source with a
 * template literal (which may span lines) is returned as it is; one with a comment loses its indentation only.
 */
export function compactSource(source: string): string {
  if (source.includes("`")) return source;
  const unindented = source.replace(/\n[\t ]+/g, "\n");
  if (/\/\/|\/\*/.test(source)) return unindented;
  return unindented.replace(/([{;,])\n/g, "$1").replace(/\n(?=\})/g, "");
}
