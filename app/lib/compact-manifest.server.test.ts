import { describe, expect, it } from "vitest";
import { compactManifest } from "./compact-manifest.server.ts";

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

describe("React Router's manifest on one line (ADR 0290)", () => {
  it("writes the same manifest without indentation", () => {
    const pretty = `<html><body><main>x</main>${script(JSON.stringify(manifest, null, 2))}</body></html>`;
    const compact = compactManifest(pretty);
    expect(compact).toBe(`<html><body><main>x</main>${script(JSON.stringify(manifest))}</body></html>`);
    expect(compact.length).toBeLessThan(pretty.length - 80);
    const json = /__reactRouterManifest = (.*);\n/.exec(compact)?.[1] ?? "";
    expect(JSON.parse(json)).toEqual(manifest);
  });

  it("leaves a document without a manifest, or with one it cannot read, as it is", () => {
    const none = "<html><body>window.__reactRouterManifest is not here</body></html>";
    expect(compactManifest(none)).toBe(none);
    const broken = `<html><body>${script('{\n  "entry": nope\n}')}</body></html>`;
    expect(compactManifest(broken)).toBe(broken);
  });
});
