const MANIFEST = "window.__reactRouterManifest = ";

/**
 * React Router's route manifest script, as its `<Scripts>` writes it, pretty-printed (`JSON.stringify(…, null, 2)`):
 * about 40 % of its 3.7 kB on home is indentation and line breaks (issue 15, ADR 0290). A page sent whole is
 * rewritten with the same object on one line. The script is `suppressHydrationWarning` and runs before
 * hydration, so the browser reads the same manifest; a document whose manifest does not parse is left as it is.
 */
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
  return html.slice(0, from) + JSON.stringify(manifest) + html.slice(end + 2);
}
