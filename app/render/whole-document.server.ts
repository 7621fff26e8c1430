import { bootScriptEdits } from "./deferred-scripts.server.ts";
import { bytesDocument, editBytes } from "./document-edits.server.ts";
import { pageCssEdits } from "./page-css.server.ts";
import { compactManifest, discoverEdits, loaderDataEdits } from "./router-scripts.server.ts";

/**
 * A page the server rendered whole, as it is sent (ADR 0295): its first load deferred to after the first paint
 * (ADR 0291) or its module preloads at a low priority, its inlined CSS cut to what the page uses (ADR 0248,
 * 0290), and React Router's manifest, loader data and link attributes without spare bytes (ADR 0290, 0293). The rewrites are read off
 * the bytes React wrote and applied in one pass. `stylesheet` reads the built stylesheet a whole page's empty
 * inlined `<style>` stands for (ADR 0302).
 */
export function finishWholeDocument(
  bytes: Buffer,
  { deferFirstLoad, stylesheet }: { deferFirstLoad: boolean; stylesheet?: (href: string) => string | null },
): Buffer {
  const doc = bytesDocument(bytes);
  const edits = [
    ...bootScriptEdits(doc, { defer: deferFirstLoad, body: compactManifest }),
    ...pageCssEdits(doc, stylesheet),
    ...loaderDataEdits(doc),
  ];
  // Links' `data-discover="true"` lose the value (ADR 0293); the text is in links only, never in what the other
  // edits replace, but a page quoting it in its stylesheet or a script keeps it there.
  const inside = (at: number) => edits.some((edit) => edit.start <= at && at < edit.end);
  return editBytes(bytes, [...edits, ...discoverEdits(doc).filter((edit) => !inside(edit.start))]);
}
