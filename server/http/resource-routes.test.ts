import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { rewriteBadPagePath } from "./input-guards.ts";
import { RESOURCE_ROUTES, resourceRouteMethods } from "./resource-routes.ts";

const ROUTES_DIR = path.resolve(import.meta.dirname, "../../app/routes");
const ROUTE_TABLE = readFileSync(path.resolve(import.meta.dirname, "../../app/routes.ts"), "utf8");

describe("the resource route list (issue 32 item 10)", () => {
  it("names every route module without a component, with the methods it exports", () => {
    const modules = readdirSync(ROUTES_DIR).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes(".test."),
    );
    const resources = modules.filter(
      (file) =>
        !/export default|export \{[^}]*\bdefault\b/.test(readFileSync(path.join(ROUTES_DIR, file), "utf8")),
    );
    const listed = new Map<string, readonly string[]>();
    for (const file of resources) {
      const source = readFileSync(path.join(ROUTES_DIR, file), "utf8");
      const entry = new RegExp(`route\\("([^"]+)", "routes/${file.replace(".", "\\.")}"`).exec(ROUTE_TABLE);
      expect(entry, `${file} is in app/routes.ts`).not.toBeNull();
      const route = RESOURCE_ROUTES.find((r) => r.path.endsWith(`/${entry![1]}`));
      expect(route, `${file} (${entry![1]}) is in RESOURCE_ROUTES`).toBeDefined();
      const methods = ["GET", "HEAD", ...(/export (async )?function action/.test(source) ? ["POST"] : [])];
      expect(route!.methods, file).toEqual(methods);
      listed.set(route!.path, route!.methods);
    }
    expect(listed.size).toBe(RESOURCE_ROUTES.length);
  });

  it("finds a resource route with or without a locale prefix and as a single-fetch request", () => {
    expect(resourceRouteMethods("/checkout/quote")).toEqual(["GET", "HEAD"]);
    expect(resourceRouteMethods("/zh_HK/checkout/quote")).toEqual(["GET", "HEAD"]);
    expect(resourceRouteMethods("/zh_CN/content/variant.data")).toEqual(["GET", "HEAD"]);
    expect(resourceRouteMethods("/admin/logout")).toEqual(["GET", "HEAD", "POST"]);
    expect(resourceRouteMethods("/zh_CN/admin/logout")).toBeNull();
    expect(resourceRouteMethods("/checkout")).toBeNull();
  });
});

describe("rewriteBadPagePath (issue 32 item 10)", () => {
  it("replaces percent-encoding that is not UTF-8 in a page path, and nothing else", () => {
    expect(rewriteBadPagePath("/zh_CN/pdp/%ED%A0%80")).toBe("/zh_CN/pdp/%EF%BF%BD%EF%BF%BD%EF%BF%BD");
    expect(rewriteBadPagePath("/pdp/a%FFb?x=%ED")).toBe("/pdp/a%EF%BF%BDb?x=%ED");
    expect(rewriteBadPagePath("/pdp/100%")).toBe("/pdp/100%25");
    expect(rewriteBadPagePath("/pdp/%E6%97%A5%ED%A0%80")).toBe("/pdp/%E6%97%A5%EF%BF%BD%EF%BF%BD%EF%BF%BD");
    expect(rewriteBadPagePath("/zh_CN/pdp/%E6%97%A5%2F")).toBe("/zh_CN/pdp/%E6%97%A5%2F");
    expect(rewriteBadPagePath("/o2pcm/v1/pub/%ED%A0%80")).toBe("/o2pcm/v1/pub/%ED%A0%80");
  });
});
