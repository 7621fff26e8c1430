import { bootScriptEdits } from "./deferred-scripts.server.ts";
import { bytesDocument, editBytes } from "./document-edits.server.ts";
import { pageCssEdits } from "./page-css.server.ts";
import { compactManifest, loaderDataEdits } from "./router-scripts.server.ts";

/**
 * A page the server rendered whole, as it is sent (ADR 0295): its first load deferred to after the first paint
 * (ADR 0291) or its module preloads at a low priority, its inlined CSS cut to what the page uses (ADR 0248,
 * 0290), and React Router's manifest and loader data without spare bytes (ADR 0290). The rewrites are read off
 * the bytes React wrote and applied in one pass.
 */
export function finishWholeDocument(bytes: Buffer, { deferFirstLoad }: { deferFirstLoad: boolean }): Buffer {
  const doc = bytesDocument(bytes);
  return editBytes(bytes, [
    ...bootScriptEdits(doc, { defer: deferFirstLoad, body: compactManifest }),
    ...pageCssEdits(doc),
    ...loaderDataEdits(doc),
  ]);
}
