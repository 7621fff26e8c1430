import { describe, expect, it } from "vitest";
import { createSessionRefresher, refreshingFetch } from "./session-refresh.ts";

/** A stand-in server: the access token is valid when its generation matches the server's current one. */
function fakeServer() {
  const state = { session: 1, refreshes: 0, refreshOk: true, calls: [] as string[] };
  let cookie = 1;
  const gates: (() => void)[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const sent = cookie;
    state.calls.push(`${init?.method ?? "GET"} ${url}`);
    if (url.endsWith("/refresh-token")) {
      state.refreshes += 1;
      // Refreshes stay open until the test lets them go, so parallel 401s overlap with one in flight.
      await new Promise<void>((resolve) => gates.push(resolve));
      if (!state.refreshOk) return new Response("{}", { status: 401 });
      state.session += 1;
      cookie = state.session;
      return new Response("{}", { status: 200 });
    }
    await Promise.resolve();
    return new Response(JSON.stringify({ url }), { status: sent === state.session ? 200 : 401 });
  }) as typeof fetch;
  return {
    state,
    fetchImpl,
    expire: () => {
      state.session += 1;
    },
    release: async () => {
      while (gates.length === 0) await new Promise((r) => setTimeout(r, 1));
      for (const open of gates.splice(0)) open();
    },
  };
}

function setup() {
  const server = fakeServer();
  const refresher = createSessionRefresher(
    async () => (await server.fetchImpl("/o2cum/v1/pub/customer/refresh-token", { method: "POST" })).ok,
  );
  const wrapped = refreshingFetch(server.fetchImpl, refresher, (url) => !url.startsWith("/bearer/"));
  return { server, refresher, wrapped };
}

describe("refresh on 401 (spec 8, ADR 0092)", () => {
  it("parallel 401s share one refresh, and every call is repeated once and succeeds", async () => {
    const { server, refresher, wrapped } = setup();
    server.expire();
    const calls = Promise.all(["/a", "/b", "/c"].map((path) => wrapped(path)));
    await server.release();
    const responses = await calls;
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.state.refreshes).toBe(1);
    expect(refresher.generation).toBe(1);
    expect(server.state.calls.filter((c) => c === "GET /a")).toHaveLength(2);
  });

  it("a failed refresh hands the original 401 back, without repeating the call", async () => {
    const { server, wrapped } = setup();
    server.expire();
    server.state.refreshOk = false;
    const calls = Promise.all([wrapped("/a"), wrapped("/b")]);
    await server.release();
    const responses = await calls;
    expect(responses.map((r) => r.status)).toEqual([401, 401]);
    expect(server.state.refreshes).toBe(1);
    expect(server.state.calls.filter((c) => c === "GET /a")).toHaveLength(1);
  });

  it("repeats a call only once: a second 401 is returned, and a later 401 may refresh again", async () => {
    const { server, refresher, wrapped } = setup();
    server.expire();
    const first = wrapped("/a");
    await server.release();
    expect((await first).status).toBe(200);
    // The session dies again: a new 401 gets its own (single) refresh.
    server.expire();
    const second = wrapped("/b");
    await server.release();
    expect((await second).status).toBe(200);
    expect(server.state.refreshes).toBe(2);
    expect(refresher.generation).toBe(2);
  });

  it("leaves other statuses and ineligible calls alone", async () => {
    const { server, wrapped } = setup();
    expect((await wrapped("/ok")).status).toBe(200);
    server.expire();
    const bearer = await wrapped("/bearer/call");
    expect(bearer.status).toBe(401);
    expect(server.state.refreshes).toBe(0);
  });
});
