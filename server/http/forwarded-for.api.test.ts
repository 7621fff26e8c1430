import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../test/api.ts";
import { RATE_RULES } from "../infra/rate-limit.ts";

// Issue 14.2 / ADR 0185: with TRUST_PROXY off (the default) X-Forwarded-For is the client's own writing, so a
// rotating value must not give each request a fresh per-IP count.
const app = setupTestApp();

type Attack = {
  method: "GET" | "POST";
  url: string;
  rule: keyof typeof RATE_RULES;
  payload?: (i: number) => object;
  query?: Record<string, string>;
};

const attacks: Record<string, Attack> = {
  "password logins": {
    method: "POST",
    url: "/o2cum/v1/pub/customer/login",
    rule: "loginIp",
    payload: (i) => ({ account: `spray-${i}@example.com`, password: "bm90LWVuY3J5cHRlZA==" }),
  },
  "code sends": {
    method: "POST",
    url: "/o2user/v1/pub/send-email-captcha-always",
    rule: "codeSendIp",
    payload: (i) => ({ email: `spray-${i}@example.com`, businessScope: "REGISTER", userType: "C" }),
  },
  "account look-ups (valid-account)": {
    method: "GET",
    url: "/o2cum/v1/pub/customer/valid-account",
    rule: "accountLookupIp",
    query: { email: "lookup@example.com" },
  },
};

describe("a rotating X-Forwarded-For from a peer that is not a trusted proxy", () => {
  it.each(Object.entries(attacks).map(([name, attack], index) => [name, attack, index] as const))(
    "%s are still limited per connecting address",
    async (_name, attack, index) => {
      const limit = RATE_RULES[attack.rule].limit;
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) {
        const res = await app.server.inject({
          method: attack.method,
          url: attack.url,
          query: attack.query,
          payload: attack.payload?.(i),
          remoteAddress: `203.0.113.${index + 1}`,
          headers: {
            "x-forwarded-for": `198.51.${index}.${i % 250}`,
            "x-real-ip": `198.51.${index}.${i % 250}`,
          },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, limit)).not.toContain(429);
      expect(statuses[limit]).toBe(429);
    },
  );
});
