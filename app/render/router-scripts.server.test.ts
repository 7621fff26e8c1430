import { describe, expect, it } from "vitest";
import {
  compactManifest,
  compactRouterScripts,
  singleQuoted,
  singleQuotedStreams,
} from "./router-scripts.server.ts";

const manifest = {
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/shared-2.js"], css: [] },
  routes: { root: { id: "root", path: "", hasLoader: true, hasAction: false, module: "/assets/root-3.js" } },
  url: "/assets/manifest-4.js",
  version: "4",
};
// The shape React Router's <Scripts> writes (lib/dom/ssr/components.js).
const script = (json: string) =>
  `<script nonce="n" type="module" async="">;\nimport * as route0 from "/assets/root-3.js";\n` +
  `  window.__reactRouterManifest = ${json};\n  window.__reactRouterRouteModules = {"root":route0};\n\n` +
  `import("/assets/entry.client-1.js");</script>`;

// How React Router writes a loader-data chunk (lib/dom/ssr/single-fetch.js: escapeHtml(JSON.stringify(value))).
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "\\u0026")
    .replace(/>/g, "\\u003e")
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
const chunk = (value: string) =>
  `<script nonce="n">window.__reactRouterContext.streamController.enqueue(${escapeHtml(JSON.stringify(value))});</script>`;

/** What the browser's enqueue receives from each chunk of a document. */
function enqueued(html: string): string[] {
  const seen: string[] = [];
  const window = {
    __reactRouterContext: { streamController: { enqueue: (v: string) => seen.push(v), close() {} } },
  };
  for (const [, body] of html.matchAll(/<script nonce="n">([\s\S]*?)<\/script>/g)) {
    new Function("window", body ?? "")(window);
  }
  return seen;
}

describe("React Router's scripts without spare bytes (ADR 0290)", () => {
  // The manifest as the browser gets it: no indentation, no false flag, no empty stylesheet list (ADR 0293).
  const written = {
    entry: { module: "/assets/entry.client-1.js", imports: ["/assets/shared-2.js"] },
    routes: { root: { id: "root", path: "", hasLoader: true, module: "/assets/root-3.js" } },
    url: "/assets/manifest-4.js",
    version: "4",
  };

  it("writes the same manifest without indentation, false flags or empty stylesheet lists", () => {
    const pretty = `<html><body><main>x</main>${script(JSON.stringify(manifest, null, 2))}</body></html>`;
    const compact = compactManifest(pretty);
    expect(compact).toBe(`<html><body><main>x</main>${script(JSON.stringify(written))}</body></html>`);
    expect(compact.length).toBeLessThan(pretty.length - 80);
    const json = /__reactRouterManifest = (.*);\n/.exec(compact)?.[1] ?? "";
    const read = JSON.parse(json) as typeof manifest;
    // What React Router reads of it is the same: a flag is true or not, a stylesheet list empty or missing.
    expect(Boolean(read.routes.root.hasAction)).toBe(manifest.routes.root.hasAction);
    expect(read.routes.root.hasLoader).toBe(true);
    expect(read.entry.css ?? []).toEqual(manifest.entry.css);
    // A list that is not empty, and a true flag, stay.
    const styled = { ...manifest, entry: { ...manifest.entry, css: ["/assets/app.css"] } };
    expect(compactManifest(script(JSON.stringify(styled, null, 2)))).toContain('"css":["/assets/app.css"]');
  });

  it("leaves a document without a manifest, or with one it cannot read, as it is", () => {
    const none = "<html><body>window.__reactRouterManifest is not here</body></html>";
    expect(compactManifest(none)).toBe(none);
    const broken = `<html><body>${script('{\n  "entry": nope\n}')}</body></html>`;
    expect(compactManifest(broken)).toBe(broken);
  });

  it("hands the browser the same loader data from single-quoted strings, with fewer bytes", () => {
    const values = [
      JSON.stringify([{ _1: 2 }, "loaderData", { title: 'It\'s "quoted"', path: "C:\\tmp" }]),
      'P15:[{"html":"</script><!-- & -->","lines":"a\nb\r\tc\u2028d\u2029e","nul":"\u0000\u001f","zh":"簡體中文"}]\n',
      "",
    ];
    const html = `<html><body><main>x</main>${values.map(chunk).join("")}${script("{}")}</body></html>`;
    const compact = singleQuotedStreams(html);
    expect(enqueued(compact)).toEqual(values);
    expect(enqueued(html)).toEqual(values);
    expect(compact.length).toBeLessThan(html.length);
    // Nothing that could end the script or open a comment reaches the markup.
    const scripts = [...compact.matchAll(/<script nonce="n">([\s\S]*?)<\/script>/g)].map(([, body]) => body);
    expect(scripts).toHaveLength(3);
    for (const body of scripts) expect(body).not.toMatch(/<|>|&/);
    expect(compact.startsWith("<html><body><main>x</main><script")).toBe(true);
  });

  it("escapes what a single-quoted string must", () => {
    expect(singleQuoted(`a"b'c\\d`)).toBe(`'a"b\\'c\\\\d'`);
    expect(singleQuoted("\n\t")).toBe("'\\u000a\\u0009'");
    expect(new Function(`return ${singleQuoted("x\u2028y</script>")}`)()).toBe("x\u2028y</script>");
  });

  it("does both in one pass and leaves other documents alone", () => {
    const html = `<html><body>${chunk('{"a":1}')}${script(JSON.stringify(manifest, null, 2))}</body></html>`;
    const compact = compactRouterScripts(html);
    expect(compact).toContain(`enqueue('{"a":1}')`);
    expect(compact).toContain(`__reactRouterManifest = ${JSON.stringify(written)};`);
    const plain = '<html><body><p>enqueue("x")</p></body></html>';
    expect(compactRouterScripts(plain)).toBe(plain);
  });

  it("writes a link's data-discover without its value, which nothing reads (ADR 0293)", () => {
    const html =
      '<html><body><a href="/plp" data-discover="true">Plans</a><a data-discover="true" href="/">Home</a>' +
      '<form data-discover="true"></form><p>data-discover="true" is text</p></body></html>';
    const compact = compactRouterScripts(html);
    expect(compact).toBe(
      '<html><body><a href="/plp" data-discover>Plans</a><a data-discover href="/">Home</a>' +
        '<form data-discover></form><p>data-discover="true" is text</p></body></html>',
    );
  });
});
