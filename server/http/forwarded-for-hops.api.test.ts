import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { RATE_RULES } from "../infra/rate-limit.ts";

// ADR 0185: TRUST_PROXY=1 trusts the one proxy in front of the app, which appends the address it saw.
const app = setupTestApp({ TRUST_PROXY: "1" });

describe("TRUST_PROXY as a hop count", () => {
  it("keys on the address the last proxy appended, whatever the client wrote before it", async () => {
    const limit = RATE_RULES.accountLookupIp.limit;
    const lookup = (forwardedFor: string) =>
      app.server.inject({
        method: "GET",
        url: "/o2cum/v1/pub/customer/valid-account",
        query: { email: "lookup@example.com" },
        remoteAddress: "10.0.0.5",
        headers: { "x-forwarded-for": forwardedFor },
      });
    for (let i = 0; i < limit; i++)
      expect((await lookup(`172.16.${i % 250}.1, 198.51.100.7`)).statusCode).toBe(200);
    expect((await lookup("172.16.99.1, 198.51.100.7")).statusCode).toBe(429);
    expect((await lookup("198.51.100.8")).statusCode).toBe(200);
  });
});
