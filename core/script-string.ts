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
