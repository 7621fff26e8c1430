import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { sanitizeOperatorHtml } from "./sanitize.ts";

/** Components whose data.html is operator HTML (ADR 0011). */
const HTML_CODES = new Set(["CustomHtml", "RichText"]);

function cleanComponent(component: PageComponent): PageComponent {
  const data = HTML_CODES.has(component.componentCode)
    ? { ...component.data, html: sanitizeOperatorHtml(component.data.html) }
    : component.data;
  return {
    ...component,
    data,
    ...(component.childrenData ? { childrenData: component.childrenData.map(cleanComponent) } : {}),
  };
}

/** A copy of the document with every piece of operator HTML sanitized (ADR 0070). */
export function sanitizeDocument(document: ContentDocument): ContentDocument {
  return {
    ...document,
    variants: document.variants.map((variant) => ({
      ...variant,
      components: variant.components.map(cleanComponent),
    })),
  };
}
