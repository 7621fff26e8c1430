import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { RATE_RULES } from "../infra/rate-limit.ts";

// ADR 0185: behind a configured proxy the limits key on the client address the proxy reports, and only then.
const PROXY = "192.0.2.10";
const app = setupTestApp({ TRUST_PROXY: `${PROXY},192.0.2.64/28` });

const lookup = (remoteAddress: string, forwardedFor: string) =>
  app.server.inject({
    method: "GET",
    url: "/o2cum/v1/pub/customer/valid-account",
    query: { email: "lookup@example.com" },
    remoteAddress,
    headers: { "x-forwarded-for": forwardedFor },
  });

describe("TRUST_PROXY as a list of proxy addresses", () => {
  const limit = RATE_RULES.accountLookupIp.limit;

  it("counts each client the trusted proxy reports on its own", async () => {
    for (let i = 0; i < limit; i++) expect((await lookup(PROXY, "198.51.100.1")).statusCode).toBe(200);
    expect((await lookup(PROXY, "198.51.100.1")).statusCode).toBe(429);
    // Another shopper behind the same proxy, and one behind a proxy in the trusted range, are not affected.
    expect((await lookup(PROXY, "198.51.100.2")).statusCode).toBe(200);
    expect((await lookup("192.0.2.70", "198.51.100.3")).statusCode).toBe(200);
  });

  it("keys on the right-most untrusted address, so a client-written prefix changes nothing", async () => {
    for (let i = 0; i < limit; i++)
      expect((await lookup(PROXY, `10.9.${i % 250}.1, 198.51.100.20`)).statusCode).toBe(200);
    expect((await lookup(PROXY, "10.9.99.1, 198.51.100.20")).statusCode).toBe(429);
  });

  it("ignores the header from a peer outside the list", async () => {
    for (let i = 0; i < limit; i++)
      expect((await lookup("203.0.113.50", `10.8.${i % 250}.1`)).statusCode).toBe(200);
    expect((await lookup("203.0.113.50", "10.8.99.1")).statusCode).toBe(429);
  });
});
