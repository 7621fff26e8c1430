import type { ContentDocument } from "../../../db/schema/content-document.ts";

/*
 * The editor and its canvas frame talk by postMessage (ADR 0277): the canvas says it is ready, which block was
 * clicked and how tall the page is at its width (ADR 0394); the editor sends the document being edited and the
 * selected block. Both sides accept messages only
 * from their own origin and from the other window.
 */
export type CanvasMessage =
  | { type: "roamly-canvas:ready" }
  | { type: "roamly-canvas:select"; componentId: string }
  | { type: "roamly-canvas:height"; height: number };

export interface EditorMessage {
  type: "roamly-editor:document";
  document: ContentDocument;
  selectedId: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function readCanvasMessage(data: unknown): CanvasMessage | null {
  if (!isRecord(data)) return null;
  if (data.type === "roamly-canvas:ready") return { type: data.type };
  if (data.type === "roamly-canvas:select" && typeof data.componentId === "string")
    return { type: data.type, componentId: data.componentId };
  if (data.type === "roamly-canvas:height" && typeof data.height === "number" && Number.isFinite(data.height))
    return { type: data.type, height: Math.max(0, Math.ceil(data.height)) };
  return null;
}

export function readEditorMessage(data: unknown): EditorMessage | null {
  if (!isRecord(data) || data.type !== "roamly-editor:document") return null;
  const document = data.document;
  if (!isRecord(document) || !Array.isArray(document.variants) || document.variants.length === 0) return null;
  return {
    type: data.type,
    document: document as unknown as ContentDocument,
    selectedId: typeof data.selectedId === "string" ? data.selectedId : null,
  };
}

/** The canvas route of a page (a console page that only the editor frames). */
export function canvasPath(pageId: number, live: boolean, lang: string): string {
  // The page's own language: the renderer's labels and prices read the root's locale (pageLocale).
  return `/admin/pages/${pageId}/canvas?lang=${encodeURIComponent(lang)}${live ? "&live=1" : ""}`;
}
