import sanitizeHtml from "sanitize-html";

/*
 * Operator HTML (architecture: security model; the custom-html block, rich text and note content) is untrusted:
 * it is cleaned here, on the server, whenever a document or note is served, so the browser never needs a
 * sanitizer and never sees a script, an event handler, a script URL or a frame (ADR 0070).
 */

/** CSS values without url(), expression(), escapes or anything else that could fetch or run something. */
const PLAIN_COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z]{3,20})$/i;
const PLAIN_LENGTH = /^-?\d{1,4}(\.\d{1,3})?(px|em|rem|%)?$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "span",
    "div",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  // Never id or class: operator HTML must not collide with the page's ids or borrow its styles.
  allowedAttributes: {
    // rel and loading are set by the transforms below; attributes are filtered after transforming.
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
    "*": ["style"],
  },
  allowedStyles: {
    "*": {
      color: [PLAIN_COLOR],
      "background-color": [PLAIN_COLOR],
      "text-align": [/^(left|right|center|justify)$/],
      "font-weight": [/^(normal|bold|[1-9]00)$/],
      "font-style": [/^(normal|italic)$/],
      "text-decoration": [/^(none|underline|line-through)$/],
      "font-size": [PLAIN_LENGTH],
    },
  },
  // Links: http, https, mailto or relative; images: http, https or relative. No data:, javascript:, etc.
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // No frames at all: no host is on an iframe allowlist today.
  allowedIframeHostnames: [],
  disallowedTagsMode: "discard",
  // An image whose source was refused (or a bare "x") would only break: drop it.
  exclusiveFilter: (frame) => frame.tag === "img" && !usableImageSource(frame.attribs.src),
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template"],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href !== undefined) out.href = attribs.href;
      if (attribs.title !== undefined) out.title = attribs.title;
      // A new tab never gets a handle on this window.
      if (attribs.target !== undefined) {
        out.target = "_blank";
        out.rel = "noopener noreferrer";
      }
      return { tagName, attribs: out };
    },
    // Every image gets an alt (empty marks it decorative) and loads lazily.
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy" },
    }),
  },
};

/** An image source must be an absolute http(s) URL or a root-relative path; anything else drops the image. */
function usableImageSource(src: string | undefined): boolean {
  return typeof src === "string" && /^(https?:\/\/[^/\\]|\/(?![/\\]))/i.test(src.trim());
}

/** Cleans untrusted operator HTML for rendering in the storefront. */
export function sanitizeOperatorHtml(html: unknown): string {
  if (typeof html !== "string" || html === "") return "";
  return sanitizeHtml(html, OPTIONS);
}
