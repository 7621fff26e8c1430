/**
 * A legal document's or an info page's body: operator HTML that the server sanitized (server/modules/content/
 * sanitize.ts, ADR 0070). Headings inside it start at h2, under the page's h1.
 */
export function OperatorDocument({ html }: { html: string }) {
  return (
    <div
      className="operator-html mt-6 space-y-3 leading-relaxed text-slate-800 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-900 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (server/modules/content/sanitize.ts)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
