import { createStaticHandler, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { memoizeMatcher, memoizeRouteMatching } from "./route-matching.ts";

describe("route matching once per path (ADR 0295)", () => {
  it("reaches React Router's matcher (an upgrade that moves it fails here, not silently in the bench)", async () => {
    expect(await memoizeRouteMatching()).toBe(true);
  });

  it("answers React Router's static handler as before, with a copy for each caller", async () => {
    await memoizeRouteMatching();
    const routes: RouteObject[] = [
      { id: "admin", path: "admin", children: [{ id: "admin-login", path: "login" }] },
      {
        id: "locale",
        path: ":lang?",
        children: [
          { id: "home", index: true },
          { id: "plp", path: "plp" },
          { id: "pdp", path: "pdp/:code" },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const ids = (path: string) =>
      handler
        .query(new Request(`http://store.test${path}`))
        .then((context) =>
          context instanceof Response ? null : context.matches.map((match) => match.route.id),
        );
    for (let round = 0; round < 2; round++) {
      expect(await ids("/plp")).toEqual(["locale", "plp"]);
      expect(await ids("/zh_CN/pdp/JP-1GB-7D")).toEqual(["locale", "pdp"]);
      expect(await ids("/")).toEqual(["locale", "home"]);
      expect(await ids("/admin/login")).toEqual(["admin", "admin-login"]);
    }
    const first = await handler.query(new Request("http://store.test/zh_CN/pdp/JP-1GB-7D"));
    const second = await handler.query(new Request("http://store.test/zh_CN/pdp/JP-1GB-7D"));
    if (first instanceof Response || second instanceof Response) throw new Error("expected a context");
    expect(second.matches[1]?.params).toEqual({ lang: "zh_CN", code: "JP-1GB-7D" });
    expect(second.matches[1]?.params).not.toBe(first.matches[1]?.params);
    expect(second.matches[1]).not.toBe(first.matches[1]);
  });

  it("matches each path once until the routes change", () => {
    const calls: string[] = [];
    class Matcher {
      routes = "v1";
      match(location: unknown, allowPartial = false) {
        const path = typeof location === "string" ? location : (location as { pathname: string }).pathname;
        calls.push(`${this.routes}:${path}:${allowPartial}`);
        return path === "/none" ? null : [{ params: { path }, routes: this.routes }];
      }
      update(routes: string) {
        this.routes = routes;
      }
    }
    memoizeMatcher(Matcher.prototype as never);
    const matcher = new Matcher();
    const one = matcher.match("/plp") as unknown as { params: { path: string } }[];
    one[0]!.params.path = "changed by a caller";
    expect(matcher.match({ pathname: "/plp" })).toEqual([{ params: { path: "/plp" }, routes: "v1" }]);
    expect(matcher.match("/plp", true)).toEqual([{ params: { path: "/plp" }, routes: "v1" }]);
    expect(matcher.match("/none")).toBeNull();
    expect(matcher.match("/none")).toBeNull();
    expect(calls).toEqual(["v1:/plp:false", "v1:/plp:true", "v1:/none:false"]);
    matcher.update("v2");
    expect(matcher.match("/plp")).toEqual([{ params: { path: "/plp" }, routes: "v2" }]);
    expect(new Matcher().match("/plp")).toEqual([{ params: { path: "/plp" }, routes: "v1" }]);
    expect(calls).toHaveLength(5);
  });
});
