import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { parseDocument } from "htmlparser2";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";

/**
 * The reference render (issue 34, ADR 0348): React's own `renderToString` of a fixed page of home's size, served
 * by a bare `node:http` server. The page is home's markup as the store sent it in the same run (REFERENCE_FILE),
 * parsed once at start into a plain tree; every request turns that tree into React elements and renders them:
 * no data, no router, no loaders, no post-processing, no framework around `node:http`. What a full render costs
 * over this is what the store's pipeline costs over React's floor. The answer is gzipped as the store gzips a
 * page it renders for one reader (level 1, on libuv's pool, ADR 0301), so both send comparable bytes.
 */

type DomNode = ReturnType<typeof parseDocument>["children"][number];
type DomElement = Extract<DomNode, { attribs: Record<string, string> }>;

interface Plain {
  tag: string;
  props: Record<string, unknown>;
  children: Array<Plain | string>;
}

const ATTRIBUTE_PROPS: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  "http-equiv": "httpEquiv",
  charset: "charSet",
  crossorigin: "crossOrigin",
  srcset: "srcSet",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  autocomplete: "autoComplete",
  enterkeyhint: "enterKeyHint",
  inputmode: "inputMode",
  fetchpriority: "fetchPriority",
  referrerpolicy: "referrerPolicy",
  colspan: "colSpan",
  rowspan: "rowSpan",
  datetime: "dateTime",
  itemprop: "itemProp",
  nomodule: "noModule",
  imagesrcset: "imageSrcSet",
  imagesizes: "imageSizes",
  "accept-charset": "acceptCharset",
  spellcheck: "spellCheck",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
  viewbox: "viewBox",
};
const BOOLEAN_PROPS = new Set([
  "hidden",
  "disabled",
  "checked",
  "selected",
  "required",
  "async",
  "defer",
  "noModule",
  "readOnly",
  "multiple",
  "open",
  "autoFocus",
]);
/** Elements whose content React does not escape as text: kept as raw HTML. */
const RAW_TEXT = new Set(["script", "style"]);

function styleObject(style: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const declaration of style.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (!name) continue;
    result[name.startsWith("--") ? name : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] =
      value;
  }
  return result;
}

function toPlain(element: DomElement): Plain {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(element.attribs as Record<string, string>)) {
    const prop = ATTRIBUTE_PROPS[name] ?? name;
    if (prop === "style") props.style = styleObject(value);
    else if (BOOLEAN_PROPS.has(prop)) props[prop] = true;
    else props[prop] = value;
  }
  const children: Array<Plain | string> = [];
  if (RAW_TEXT.has(element.name)) {
    const text = element.children
      .map((child: DomNode) => ("data" in child ? String(child.data) : ""))
      .join("");
    if (text) props.dangerouslySetInnerHTML = { __html: text };
  } else {
    for (const child of element.children) {
      const plain = fromNode(child);
      if (plain !== null) children.push(plain);
    }
  }
  return { tag: element.name, props, children };
}

function fromNode(node: DomNode): Plain | string | null {
  if (node.type === "text") return "data" in node ? String(node.data) : "";
  if (node.type === "tag" || node.type === "script" || node.type === "style")
    return toPlain(node as DomElement);
  return null; // comments, the doctype
}

/** The React elements of the fixed page, made afresh on every request as a component's render would make them. */
function elements(node: Plain | string, key?: number): ReactNode {
  if (typeof node === "string") return node;
  const children = node.children.map((child, index) => elements(child, index));
  return createElement(node.tag, key === undefined ? node.props : { ...node.props, key }, ...children);
}

export function parsePage(html: string): Plain {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true });
  const root = document.children.find((node): node is DomElement => node.type === "tag");
  if (!root) throw new Error("the reference page has no root element");
  return toPlain(root);
}

/** Counts of the fixed page, printed beside its figures. */
export function pageShape(page: Plain): { elements: number } {
  let count = 0;
  const walk = (node: Plain | string) => {
    if (typeof node === "string") return;
    count++;
    for (const child of node.children) walk(child);
  };
  walk(page);
  return { elements: count };
}

export function renderPage(page: Plain): string {
  // Children passed as arguments need no keys; the root is rendered as React renders a document.
  return `<!DOCTYPE html>${renderToString(elements(page) as ReactElement)}`;
}

const gzipInPool = promisify(gzipCallback);

if (process.env.REFERENCE_FILE) {
  const page = parsePage(readFileSync(process.env.REFERENCE_FILE, "utf8"));
  const shape = String(pageShape(page).elements);
  const port = Number(process.env.PORT ?? 0);
  createServer((request, response) => {
    const html = Buffer.from(renderPage(page));
    const gzip = /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""));
    const send = (body: Buffer) => {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-length": body.length,
        "x-elements": shape,
        vary: "Accept-Encoding",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      response.end(body);
    };
    if (!gzip) return send(html);
    gzipInPool(html, { level: 1 }).then(send, () => {
      response.writeHead(500).end();
    });
  }).listen(port, "127.0.0.1");
  process.once("SIGTERM", () => process.exit(0));
}
