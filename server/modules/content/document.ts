import { safeBoxStyle } from "../../../core/content/style.ts";
import { isScriptUrl } from "../../../core/url-safety.ts";
import type { ContentDocument, PageComponent } from "../../../db/schema/content-document.ts";
import { sanitizeOperatorHtml } from "./sanitize.ts";

/** Fields (at any depth of a component's data) that a browser loads as an image or a video. */
const MEDIA_URL_KEY =
  /^(?:src|poster|(?:[a-z]+)?(?:image|img|icon|poster|video|media|cover|thumbnail|banner)(?:url|src)?)$/i;

/**
 * Issue 14.11: a media URL is an absolute http(s) URL or a relative one; anything else (javascript:, data:,
 * other schemes, however disguised) becomes "", which the blocks render as no media.
 */
export function usableMediaUrl(raw: string): boolean {
  if (raw.trim() === "") return true;
  if (isScriptUrl(raw)) return false;
  try {
    const base = "https://relative.invalid/";
    return ["http:", "https:"].includes(new URL(raw.trim(), base).protocol);
  } catch {
    return false;
  }
}

function cleanMediaUrls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cleanMediaUrls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      typeof field === "string" && MEDIA_URL_KEY.test(key)
        ? usableMediaUrl(field)
          ? field
          : ""
        : cleanMediaUrls(field),
    ]),
  );
}

/** Components whose data.html is operator HTML (ADR 0011). */
const HTML_CODES = new Set(["CustomHtml", "RichText"]);

function cleanComponent(component: PageComponent): PageComponent {
  const withMedia = cleanMediaUrls(component.data) as PageComponent["data"];
  const data = HTML_CODES.has(component.componentCode)
    ? { ...withMedia, html: sanitizeOperatorHtml(component.data.html) }
    : withMedia;
  return {
    ...component,
    // Issue 32 item 8: only allowed style properties and values are saved, so none reaches a published file.
    style: safeBoxStyle(component.style),
    data,
    ...(component.childrenData ? { childrenData: component.childrenData.map(cleanComponent) } : {}),
  };
}

/**
 * A copy of the document with every piece of operator HTML sanitized (ADR 0070), every media URL checked and every
 * box style held to its allow-list (core/content/style.ts).
 */
export function sanitizeDocument(document: ContentDocument): ContentDocument {
  return {
    ...document,
    variants: document.variants.map((variant) => ({
      ...variant,
      components: variant.components.map(cleanComponent),
    })),
  };
}
