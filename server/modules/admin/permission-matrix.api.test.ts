import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api.ts";
import { bearer, registerByEmail } from "../account/account-test-kit.ts";
import { createOperator, operatorHeaders } from "./admin-test-kit.ts";
import { can, ROLES } from "./permissions.ts";
import { ADMIN_ENDPOINTS } from "./route.ts";

/** A path with each `:param` filled by a well-formed id nobody has. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000");
}

/**
 * The permission matrix (issue 16): EVERY /o2adm/v1 endpoint, as registered through adminRoute, called by every
 * role, by nobody and by a shopper. A role without the permission gets 403 before any input is read; a role with
 * it gets past the check (whatever its empty input then earns: 400, 404, 200).
 */
describe("console permission matrix (issue 16)", () => {
  const app = setupTestApp();

  it("registers the console's endpoints", () => {
    expect(ADMIN_ENDPOINTS.size).toBeGreaterThan(8);
    for (const endpoint of ADMIN_ENDPOINTS.values()) expect(endpoint.url).toMatch(/^\/o2adm\/v1\//);
  });

  // Every endpoint four times (the plan sheet export among them): seconds alone, more beside other suites.
  it("checks every endpoint's permission for every role", { timeout: 120_000 }, async () => {
    const results: string[] = [];
    for (const role of ROLES) {
      const operator = await createOperator(app, role);
      for (const endpoint of ADMIN_ENDPOINTS.values()) {
        if (endpoint.permission === "public") continue;
        // Sign-out ends the session the next calls need: give it its own.
        const headers = await operatorHeaders(app, operator);
        const res = await app.server.inject({
          method: endpoint.method,
          url: concrete(endpoint.url),
          headers,
          ...(endpoint.method === "GET" ? {} : { payload: {} }),
        });
        const allowed = can(role, endpoint.permission);
        const refused = res.statusCode === 403 && res.json().code === "adminApi.forbidden";
        if (allowed === refused || res.statusCode === 401 || res.statusCode >= 500)
          results.push(
            `${role} ${endpoint.method} ${endpoint.url}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(results).toEqual([]);
  });

  it("asks for a session on every non-public endpoint, and refuses a shopper's token", async () => {
    const { accessToken } = await registerByEmail(app, "matrix-shopper@roamly.test");
    for (const endpoint of ADMIN_ENDPOINTS.values()) {
      if (endpoint.permission === "public") continue;
      for (const headers of [{}, bearer(accessToken), { cookie: `esim_at=${accessToken}` }]) {
        const res = await app.server.inject({
          method: endpoint.method,
          url: concrete(endpoint.url),
          headers: { ...headers, "x-requested-with": "fetch" },
          ...(endpoint.method === "GET" ? {} : { payload: {} }),
        });
        expect(res.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401);
        expect(res.json()).toMatchObject({ failed: true, code: "adminApi.signInRequired" });
      }
    }
  });
});
