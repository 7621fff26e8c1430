import { describe, expect, it } from "vitest";
import { handleBundles, matchedBundles, pathBundles } from "./route-messages.ts";

describe("route message bundles (ADR 0418)", () => {
  it("reads a handle's bundles, and none from a route without them", () => {
    expect(handleBundles({ messages: ["account", "orders"] })).toEqual(["account", "orders"]);
    expect(handleBundles(undefined)).toEqual([]);
    expect(handleBundles({ other: true })).toEqual([]);
  });

  it("gives a page the bundles of every matched route, outermost first, each once", () => {
    const matches = [
      undefined,
      { handle: { messages: ["account"] } },
      {},
      { handle: { messages: ["orders", "account"] } },
    ];
    expect(matchedBundles(matches)).toEqual(["account", "orders"]);
  });

  it("finds a path's bundles in the handles of the route modules it matches, loading those not yet loaded", async () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "routes/my", path: "my", children: [{ id: "routes/my.order.list", path: "order/list" }] },
          { id: "routes/plp", path: "plp" },
        ],
      },
    ];
    const globals = {
      __reactRouterDataRouter: { routes },
      __reactRouterRouteModules: { root: {}, "routes/my": { handle: { messages: ["account"] } } },
      __reactRouterManifest: {
        routes: {
          "routes/my.order.list": {
            module: `data:text/javascript,${encodeURIComponent('export const handle = { messages: ["orders"] };')}`,
          },
          "routes/plp": { module: "data:text/javascript,throw new Error('offline')" },
        },
      },
    };
    expect(await pathBundles("/my/order/list", globals)).toEqual(["account", "orders"]);
    // A module that fails to load names nothing; the router's own import reports it.
    expect(await pathBundles("/plp", globals)).toEqual([]);
    expect(await pathBundles("/my", {})).toEqual([]);
  });
});
