import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";

// ADR 0186/0188: with PUBLIC_ORIGIN set, HSTS follows the site's own host, not the Host header.
const app = setupTestApp({ PUBLIC_ORIGIN: "https://shop.roamly.example" });

describe("HSTS behind PUBLIC_ORIGIN", () => {
  it("is sent whatever Host the request names", async () => {
    for (const host of ["localhost:3000", "shop.roamly.example"]) {
      const res = await app.server.inject({ method: "GET", url: "/healthz", headers: { host } });
      expect(res.headers["strict-transport-security"], host).toBe("max-age=63072000; includeSubDomains");
    }
  });
});
