import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { pageShape, parsePage, renderPage } from "./reference-render.ts";

// The reference render (ADR 0348) must be a page of home's size: React renders the markup it was given, with the
// same elements, attributes and text, so "÷ reference" compares a full render with a page of the same weight.
// (React adds an image preload hint for an eager <img> it renders; the store's own render did so already.)
const PAGE = `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"/><title>Roamly &amp; friends</title>
<style>.a{color:red}</style><script>window.__data = {"a":"<b>"};</script></head>
<body><main class="wrap" style="--gap:4px;margin-top:2px"><h1 id="t">eSIMs for Japan</h1>
<label for="q">Search</label><input id="q" type="search" disabled/><a href="/plp?type=COUNTRY&amp;x=1" tabindex="0">All</a>
<ul>${Array.from({ length: 20 }, (_, n) => `<li data-n="${n}"><img src="/i/${n}.svg" alt="" loading="lazy" srcset="/i/${n}.svg 1x"/> Plan ${n}</li>`).join("")}</ul>
</main></body></html>`;

function elementsAndText(html: string) {
  const document = parseDocument(html, { decodeEntities: true });
  const tags: string[] = [];
  let text = "";
  const walk = (node: (typeof document.children)[number]) => {
    if ("attribs" in node) tags.push(`${node.name}[${Object.keys(node.attribs).sort().join(",")}]`);
    if (node.type === "text") text += node.data;
    if ("children" in node) for (const child of node.children) walk(child);
  };
  for (const node of document.children) walk(node);
  return { tags, text: text.replace(/\s+/g, " ").trim() };
}

describe("the bench's reference render", () => {
  it("renders the page it was given with React: the same elements, attributes and text, at the same size", () => {
    const page = parsePage(PAGE);
    const html = renderPage(page);
    const original = elementsAndText(PAGE);
    const rendered = elementsAndText(html);
    expect(rendered.tags).toEqual(original.tags);
    expect(rendered.text).toBe(original.text);
    expect(pageShape(page).elements).toBe(original.tags.length);
    expect(html).toContain('<script>window.__data = {"a":"<b>"};</script>');
    expect(html).toContain('style="--gap:4px;margin-top:2px"');
    expect(Math.abs(html.length - PAGE.length) / PAGE.length).toBeLessThan(0.05);
  });
});
