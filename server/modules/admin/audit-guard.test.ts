import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { nothingChanged } from "./audit-scope.ts";
import { consoleContract } from "./contract.ts";
import { ADMIN_ENDPOINTS, type AdminEndpoint, adminRoute } from "./route.ts";

/** A test endpoint: its contract's method, path, permission and audit exception, and what it does. */
interface GuardEndpoint {
  method: AdminEndpoint["method"];
  url: string;
  permission: "public";
  unaudited?: string;
  handler: () => Promise<unknown>;
}

/**
 * Issue 16: "the audit log has an entry for every change". Every console change goes through adminRoute, which
 * refuses (in development and tests) a 2xx answer to a POST, PUT, PATCH or DELETE that wrote no audit entry,
 * unless the answer says it changed nothing or the route says why it never changes anything. So any test that
 * makes a change through an endpoint that forgot its audit entry fails. The entries themselves are checked by
 * the console suites (audit-log.db.test.ts, support, refunds, console-merch, …).
 */
describe("the console's audit guard (issue 16)", () => {
  // The registry the permission matrix walks holds only the real console's endpoints.
  afterAll(() => {
    for (const key of ADMIN_ENDPOINTS.keys())
      if (key.includes("/o2adm/v1/guard/")) ADMIN_ENDPOINTS.delete(key);
  });
  async function appWith(definitions: GuardEndpoint[]) {
    const app = Fastify({ logger: false });
    app.decorateRequest("operator", null);
    for (const { url, handler, unaudited, ...rest } of definitions)
      adminRoute(
        app,
        consoleContract({ ...rest, path: url, ...(unaudited ? { unaudited } : {}), response: z.unknown() }),
        handler,
      );
    await app.ready();
    return app;
  }

  it("refuses a change that recorded no audit entry, and lets through reads, declared exceptions and no-ops", async () => {
    const app = await appWith([
      { method: "PUT", url: "/guard/forgot", permission: "public", handler: async () => ({ saved: true }) },
      { method: "GET", url: "/guard/read", permission: "public", handler: async () => ({ read: true }) },
      {
        method: "POST",
        url: "/guard/preview",
        permission: "public",
        unaudited: "a preview saves nothing",
        handler: async () => ({ preview: true }),
      },
      {
        method: "POST",
        url: "/guard/replay",
        permission: "public",
        handler: async () => {
          nothingChanged();
          return { replayed: true };
        },
      },
    ]);
    const forgot = await app.inject({ method: "PUT", url: "/o2adm/v1/guard/forgot", payload: {} });
    expect(forgot.statusCode).toBe(500);
    expect(forgot.body).toContain("without an audit entry");
    expect((await app.inject({ method: "GET", url: "/o2adm/v1/guard/read" })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: "POST", url: "/o2adm/v1/guard/preview", payload: {} })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: "POST", url: "/o2adm/v1/guard/replay", payload: {} })).statusCode,
    ).toBe(200);
    await app.close();
  });

  it("does not count a no-op declared by another request running at the same time", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const app = await appWith([
      {
        method: "POST",
        url: "/guard/slow",
        permission: "public",
        handler: async () => {
          await gate;
          return { saved: true };
        },
      },
      {
        method: "POST",
        url: "/guard/noop",
        permission: "public",
        handler: async () => {
          nothingChanged();
          return {};
        },
      },
    ]);
    const slow = app.inject({ method: "POST", url: "/o2adm/v1/guard/slow", payload: {} });
    const noop = await app.inject({ method: "POST", url: "/o2adm/v1/guard/noop", payload: {} });
    release();
    expect(noop.statusCode).toBe(200);
    expect((await slow).statusCode).toBe(500);
    await app.close();
  });
});
